import Crypto
import Foundation

/// A photo a source lists, which should be under content/photos/ once the
/// fetch is done: `<folder>/<name>.<extension of its format>`.
struct RemotePhoto: Sendable, Hashable {
  /// Below content/photos/: `breeds/abys`, `cats`.
  var folder: String
  /// The file name without extension, made safe from the API's id.
  var name: String
  /// The key of the source in `sources:`.
  var source: String
  /// The API's own id for the image (or the record it belongs to).
  var id: String
  var url: URL

  init(folder: String, id: String, source: String, url: URL) {
    self.folder = folder
    self.id = id
    self.source = source
    self.url = url
    self.name = Self.safeName(id, url: url)
  }

  /// The id when it is a plain name (letters, digits, `_`, `-`), else a slug
  /// of it; an id that yields nothing is named by a hash of the URL.
  static func safeName(_ id: String, url: URL) -> String {
    let plain = id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    if plain, !id.isEmpty, id.count <= 64 { return id }
    let slug = String(Slug.make(id).prefix(64))
    return slug.isEmpty ? "photo-" + SHA256.hash(data: Data(url.absoluteString.utf8)).prefix(6).hex : slug
  }

  /// The extension the URL's path suggests, for a dry run that downloads nothing.
  var guessedExtension: String {
    let ext = url.pathExtension.lowercased()
    return SiteLoader.imageExtensions.contains(ext) ? (ext == "jpeg" ? "jpg" : ext) : "jpg"
  }
}
