import Foundation

/// Everything the Load stage read, still raw: parsed trees with locations, photo
/// headers and hashes, notes and template overrides. No validation yet.
public struct SiteSource: Sendable {
  public var config: Node?
  public var parks: Node?
  public var categories: Node?
  public var breeds: Node?
  public var cats: Node?
  public var facts: Node?
  public var notes: [NoteSource] = []
  /// content/photos/CREDITS.md: photo sources and licences, published as /credits/.
  public var credits: NoteSource?
  public var photos: [PhotoFile] = []
  /// The site's own templates/, relative path → bytes; they override the theme.
  public var templates: [String: Data] = [:]
  /// Problems found while reading (unreadable files, syntax errors).
  public var diagnostics: [Diagnostic] = []
  /// Image names are paths made by catgallery, not by a user (`preview`).
  public var trustedNames = false

  public init() {}
}

/// A Markdown file from content/notes/.
public struct NoteSource: Sendable, Hashable {
  /// Site-relative path, e.g. `content/notes/abys.md`.
  public var file: String
  /// The file name without `.md`: the breed id it belongs to.
  public var breedID: String
  public var text: String
}

/// An image file under content/photos/.
public struct PhotoFile: Sendable, Hashable {
  /// Path below content/photos/, e.g. `breeds/abys/1.jpg`.
  public var relativePath: String
  /// Site-relative path, e.g. `content/photos/breeds/abys/1.jpg`, for messages.
  public var file: String
  /// Absolute path, for reading.
  public var path: String
  /// Hex digest of the file's bytes: derivatives are named after it.
  public var hash: String
  public var header: ImageHeader?
  /// Why the header could not be read, when it could not.
  public var problem: String?
  /// Size and modification time when read, for the photo index.
  public var attributes: FileAttributes?
  /// Allow-listed EXIF fields (camera, lens, exposure, date) when site.yml asks for them.
  public var exif: [String: String]?
}
