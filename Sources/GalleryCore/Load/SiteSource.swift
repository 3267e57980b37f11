import Foundation

/// Everything the Load stage read, still raw: parsed trees with locations, photo
/// headers and hashes, notes and template overrides. No validation yet.
package struct SiteSource: Sendable {
  package var config: Node?
  /// What `config` is read over: `SiteConfig.preview` for a previewed folder.
  package var configDefaults = SiteConfig()
  package var parks: Node?
  package var categories: Node?
  package var breeds: Node?
  package var cats: Node?
  package var facts: Node?
  /// content/facts.json's modification time: the facts' date in the feed.
  package var factsModified: Double?
  /// content/photos/SOURCES.json: the photos `fetch` downloaded.
  package var manifest: Node?
  var notes: [NoteSource] = []
  /// content/photos/CREDITS.md: photo sources and licences, published as /credits/.
  var credits: NoteSource?
  package var photos: [PhotoFile] = []
  /// content/photos/ as this load found it (`photos` and the problems of
  /// reading it), for `serve` to reuse while none of its files changed.
  package var loadedPhotos: LoadedPhotos?
  /// A previewed folder as a tree, which the Model stage makes albums of.
  package var folder: FolderSource?
  /// The site's own templates/, relative path → bytes; they override the theme.
  package var templates: [String: Data] = [:]
  /// Problems found while reading (unreadable files, syntax errors).
  package var diagnostics: [Diagnostic] = []
  /// Image names are paths made by catgallery, not by a user (`preview`).
  var trustedNames = false
  /// What the machine's ffmpeg can do, for the Model's video plans.
  package var videoCapabilities = VideoCapabilities.missing

  package init() {}
}

/// A Markdown file from content/notes/.
package struct NoteSource: Sendable, Hashable {
  /// Site-relative path, e.g. `content/notes/abys.md`.
  var file: String
  /// The file name without `.md`: the breed id it belongs to.
  package var breedID: String
  package var text: String

  package init(file: String, breedID: String, text: String) {
    self.file = file
    self.breedID = breedID
    self.text = text
  }
}

/// An image file under content/photos/.
package struct PhotoFile: Sendable, Hashable {
  /// Path below content/photos/, e.g. `breeds/abys/1.jpg`.
  package var relativePath: String
  /// Site-relative path, e.g. `content/photos/breeds/abys/1.jpg`, for messages.
  package var file: String
  /// Absolute path, for reading.
  package var path: String
  /// Hex digest of the file's bytes: derivatives are named after it.
  package var hash: String
  package var header: ImageHeader?
  /// Why the header could not be read, when it could not.
  package var problem: String?
  /// Size and modification time when read, for the photo index.
  package var attributes: FileAttributes?
  /// What the file says about itself (EXIF, IPTC, XMP), read by exiv2; nil
  /// when the file was not read (a problem, or a loader that only lists photos).
  @Boxed package var metadata: MediaMetadata? = nil
  /// The tags `metadata` was made from, kept in the photo index.
  @Boxed package var rawMetadata: RawMetadata? = nil
  /// What ffprobe said of a video file; nil for an image. `header` is then
  /// the size of the picture as a player shows it.
  @Boxed package var probe: VideoProbe? = nil
  /// The Model's plan for the video (`SiteBuilder.planClips`).
  @Boxed package var clip: Clip? = nil

  package init(
    relativePath: String, file: String, path: String, hash: String, header: ImageHeader? = nil, problem: String? = nil,
    attributes: FileAttributes? = nil, rawMetadata: RawMetadata? = nil
  ) {
    self.relativePath = relativePath
    self.file = file
    self.path = path
    self.hash = hash
    self.header = header
    self.problem = problem
    self.attributes = attributes
    self.rawMetadata = rawMetadata
    self.metadata = rawMetadata.map(MetadataInterpreter.interpret)
  }
}

/// The photos of a site's content/photos/ and the problems reading the folder
/// found (links not followed, videos not probed).
package struct LoadedPhotos: Sendable {
  package var files: [PhotoFile] = []
  package var diagnostics: [Diagnostic] = []

  package init() {}
}
