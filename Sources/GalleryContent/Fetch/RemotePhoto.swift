import Foundation
import GalleryCore

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
    self.name = Self.safeName(id)
  }

  /// The id when it is a plain name (letters, digits, `_`, `-`), else a slug of it.
  static func safeName(_ id: String) -> String {
    let plain = id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    return plain && !id.isEmpty && id.count <= 64 ? id : String(Slug.make(id).prefix(64))
  }

  /// The extension the URL's path suggests, for a dry run that downloads nothing.
  var guessedExtension: String {
    let ext = url.pathExtension.lowercased()
    return SiteLoader.imageExtensions.contains(ext) ? (ext == "jpeg" ? "jpg" : ext) : "jpg"
  }
}
