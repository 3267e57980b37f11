import Foundation

/// Everything the Load stage read, still raw: parsed trees with locations, photo
/// headers and hashes, notes and template overrides. No validation yet.
struct SiteSource: Sendable {
  var config: Node?
  var parks: Node?
  var categories: Node?
  var breeds: Node?
  var cats: Node?
  var facts: Node?
  /// content/photos/SOURCES.json: the photos `fetch` downloaded.
  var manifest: Node?
  var notes: [NoteSource] = []
  /// content/photos/CREDITS.md: photo sources and licences, published as /credits/.
  var credits: NoteSource?
  var photos: [PhotoFile] = []
  /// The site's own templates/, relative path → bytes; they override the theme.
  var templates: [String: Data] = [:]
  /// Problems found while reading (unreadable files, syntax errors).
  var diagnostics: [Diagnostic] = []
  /// Image names are paths made by catgallery, not by a user (`preview`).
  var trustedNames = false

  init() {}
}

/// A Markdown file from content/notes/.
struct NoteSource: Sendable, Hashable {
  /// Site-relative path, e.g. `content/notes/abys.md`.
  var file: String
  /// The file name without `.md`: the breed id it belongs to.
  var breedID: String
  var text: String
}

/// An image file under content/photos/.
struct PhotoFile: Sendable, Hashable {
  /// Path below content/photos/, e.g. `breeds/abys/1.jpg`.
  var relativePath: String
  /// Site-relative path, e.g. `content/photos/breeds/abys/1.jpg`, for messages.
  var file: String
  /// Absolute path, for reading.
  var path: String
  /// Hex digest of the file's bytes: derivatives are named after it.
  var hash: String
  var header: ImageHeader?
  /// Why the header could not be read, when it could not.
  var problem: String?
  /// Size and modification time when read, for the photo index.
  var attributes: FileAttributes?
  /// Allow-listed EXIF fields (camera, lens, exposure, date) when site.yml asks for them.
  var exif: [String: String]?
}
