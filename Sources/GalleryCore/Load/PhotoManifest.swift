import Foundation

/// content/photos/SOURCES.json: which photos `fetch` downloaded, from where.
/// `fetch` writes it and is the only one to remove a photo it lists; the
/// build reads it to order a breed's photos (its cover first), to use a
/// downloaded copy in place of a cat's remote `photoUrl`, and to credit the
/// API a photo came from. A user's own photos are never in it.
package struct PhotoManifest: Sendable, Hashable, Codable {
  /// One downloaded photo.
  package struct Entry: Sendable, Hashable, Codable {
    /// Path below content/photos/, e.g. `breeds/abys/0XYvRd7oD.jpg`.
    package var file: String
    /// The key of the source in `sources:` (`thecatapi`, `restdb`).
    package var source: String
    /// The API's id for the image (The Cat API's image id, restdb's record id).
    package var id: String
    /// Where the bytes came from.
    package var url: String
    package var sha256: String
    package var bytes: Int

    package init(file: String, source: String, id: String, url: String, sha256: String, bytes: Int) {
      self.file = file
      self.source = source
      self.id = id
      self.url = url
      self.sha256 = sha256
      self.bytes = bytes
    }
  }

  package static let file = "content/photos/SOURCES.json"

  /// Written first so a reader of the file learns what it is.
  var about =
    "Photos downloaded by `catgallery fetch`: it keeps this list and removes only photos listed here. Do not edit."
  package var photos: [Entry] = []

  package init(photos: [Entry] = []) {
    self.photos = photos
  }

  /// The name and link a page credits a source with, as the API's terms ask.
  static func credit(for source: String) -> (name: String, url: String)? {
    switch source {
    case "thecatapi": ("The Cat API", "https://thecatapi.com/")
    default: nil
    }
  }

  /// The manifest's bytes: fixed key order and indentation, so an unchanged
  /// manifest encodes to the same bytes and is not rewritten.
  package func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// Reads the manifest from `node` (parsed by the loader, so a damaged file
  /// gets the loader's located errors); a bad entry is a warning and left out.
  package static func read(_ node: Node?, diagnostics: inout DiagnosticCollector) -> PhotoManifest {
    guard let node else { return PhotoManifest() }
    guard let list = node["photos"]?.array else {
      diagnostics.warning("SOURCES.json has no \"photos\" list; photo sources are not credited", at: node)
      return PhotoManifest()
    }
    var manifest = PhotoManifest()
    for (index, item) in list.enumerated() {
      let fields = FieldReader(node: item, owner: "photo \(index + 1) of SOURCES.json")
      var quiet = DiagnosticCollector()
      guard item.isDictionary, let file = fields.string("file", &quiet), let source = fields.string("source", &quiet),
        let url = fields.string("url", &quiet), !PhotoResolver.isUnsafePath(file)
      else {
        diagnostics.warning(
          "photo \(index + 1) of SOURCES.json needs \"file\" (a path below content/photos/), \"source\" and \"url\"",
          at: item)
        continue
      }
      manifest.photos.append(
        Entry(
          file: file, source: source, id: fields.string("id", &quiet) ?? "", url: url,
          sha256: fields.string("sha256", &quiet) ?? "", bytes: fields.integer("bytes", &quiet) ?? 0))
    }
    return manifest
  }
}
