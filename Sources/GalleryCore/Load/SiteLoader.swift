import Crypto
import Foundation

/// Load stage: reads content/ and templates/ into a `SiteSource`. The only stage
/// besides Write that touches the file system, through the injected edges.
package struct SiteLoader: Sendable {
  package static let imageExtensions: Set<String> = [
    "jpg", "jpeg", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif", "mpo", "jxl",
  ]

  /// Image files people keep beside their photos that catgallery does not read
  /// (camera raw, layered, vector): each is an error naming the file rather
  /// than skipped in silence, so a photo never goes missing unexplained.
  static let unsupportedExtensions: Set<String> = [
    "arw", "bmp", "cr2", "cr3", "dng", "nef", "orf", "psd", "raf", "rw2", "svg",
  ]

  package let fileSystem: FileSystem
  package let codec: ImageCodec
  /// Reads each photo's EXIF, IPTC and XMP (`MetadataInterpreter` says what they mean).
  package let metadata: MetadataReader
  /// Probes video files (ffprobe); nil or unavailable: videos are left out.
  package var video: VideoTool?
  /// What the last build learnt about each photo; unchanged files are not read.
  package var index = PhotoIndex()
  /// A previewed folder is anyone's: a file that cannot be shown (an
  /// unsupported format, known not to decode, over the pixel limit) is a
  /// photo with a problem, which `PreviewSource` leaves out with one warning,
  /// where a site's own photo is an error (`SiteLoader+LeaveOut`).
  var leavesOut = false
  /// The most pixels a photo left in may have, all frames together, when
  /// `leavesOut` (a site checks its own `images.max_megapixels` in the Model).
  var pixelLimit = SiteConfig().maxMegapixels * 1_000_000
  /// content/photos/ as an earlier load found it, used instead of reading
  /// the folder: `serve` passes it while none of the folder's files changed.
  package var knownPhotos: LoadedPhotos? = nil

  package init(
    fileSystem: FileSystem, codec: ImageCodec, metadata: MetadataReader, index: PhotoIndex = PhotoIndex(),
    video: VideoTool? = nil
  ) {
    self.fileSystem = fileSystem
    self.codec = codec
    self.metadata = metadata
    self.index = index
    self.video = video
  }

  /// Reads the site at `root` (the folder holding content/ and templates/).
  /// Nothing outside `root` is read, links included (`SiteBoundary`).
  package func load(root: String) -> SiteSource {
    var source = SiteSource()
    let boundary = SiteBoundary(fileSystem: fileSystem, root: root)
    for folder in ["content", "content/photos", "content/notes", "templates"] {
      if case .refused(let problem) = boundary.check(folder: Path.join(root, folder), named: folder) {
        source.diagnostics.append(problem)
        if folder == "content" { return source }
      }
    }
    func read(
      _ file: String, limit: Int = TextLimits.dataFileBytes, parse: (Data, String) throws(DiagnosticsError) -> Node
    ) -> Node? {
      self.read(file, in: root, limit: limit, boundary: boundary, into: &source, parse: parse)
    }
    source.config = readConfig(root: root, boundary: boundary, into: &source)
    source.parks = read("content/parks.plist", parse: PlistReader.parse)
    source.categories = read("content/categories.plist", parse: PlistReader.parse)
    source.breeds = read("content/breeds.json", parse: JSONReader.parse)
    source.cats = read("content/cats.json", parse: JSONReader.parse)
    source.facts = read("content/facts.json", parse: JSONReader.parse)
    if source.facts != nil {
      source.factsModified = try? fileSystem.attributes(of: Path.join(root, "content/facts.json")).modified
    }
    source.manifest = read(PhotoManifest.file, parse: JSONReader.parse)
    source.notes = loadNotes(root: root, boundary: boundary, into: &source)
    let creditsFile = "content/photos/CREDITS.md"
    if let data = contents(
      of: creditsFile, in: root, limit: TextLimits.textFileBytes, boundary: boundary, into: &source)
    {
      source.credits = NoteSource(file: creditsFile, breedID: "", text: String(decoding: data, as: UTF8.self))
    }
    if case .readable = boundary.check(folder: Path.join(root, "content/photos"), named: "content/photos") {
      let photos = knownPhotos ?? loadPhotoFolder(Path.join(root, "content/photos"))
      source.photos = photos.files
      source.diagnostics += photos.diagnostics
      source.loadedPhotos = photos
    }
    source.videoCapabilities = video?.capabilities ?? .missing
    if case .readable = boundary.check(folder: Path.join(root, "templates"), named: "templates") {
      source.templates = loadTemplates(root: root, boundary: boundary, into: &source)
    }
    return source
  }

  /// The bytes of `file` (relative to `root`), nil when it is absent, over
  /// `limit` bytes (checked before it is read) or cannot be read, which is
  /// then a diagnostic naming it and the reason.
  private func contents(
    of file: String, in root: String, limit: Int, boundary: SiteBoundary, into source: inout SiteSource
  ) -> Data? {
    let path = Path.join(root, file)
    switch boundary.check(file: path, named: file) {
    case .absent: return nil
    case .refused(let problem):
      source.diagnostics.append(problem)
      return nil
    case .readable(let real):
      if let size = try? fileSystem.attributes(of: real).size, size > limit {
        source.diagnostics.append(
          .error("file is \(size) bytes; the limit is \(limit)", at: SourceLocation(file: file)))
        return nil
      }
      do {
        return try fileSystem.contents(of: real)
      } catch {
        source.diagnostics.append(
          .error("cannot read file (\(OSReason.describe(error)))", at: SourceLocation(file: file)))
        return nil
      }
    }
  }

  /// content/site.yml, parsed.
  func readConfig(root: String, boundary: SiteBoundary, into source: inout SiteSource) -> Node? {
    read("content/site.yml", in: root, limit: TextLimits.textFileBytes, boundary: boundary, into: &source) {
      (data, file) throws(DiagnosticsError) -> Node in
      try YAMLReader.parse(String(decoding: data, as: UTF8.self), file: file)
    }
  }

  package func read(
    _ file: String, in root: String, limit: Int, boundary: SiteBoundary, into source: inout SiteSource,
    parse: (Data, String) throws(DiagnosticsError) -> Node
  ) -> Node? {
    guard let data = contents(of: file, in: root, limit: limit, boundary: boundary, into: &source) else {
      return nil
    }
    do {
      return try parse(data, file)
    } catch {
      source.diagnostics += error.diagnostics
      return nil
    }
  }

  private func loadNotes(root: String, boundary: SiteBoundary, into source: inout SiteSource) -> [NoteSource] {
    guard case .readable = boundary.check(folder: Path.join(root, "content/notes"), named: "content/notes") else {
      return []
    }
    let names: [String]
    do {
      names = try fileSystem.entries(of: Path.join(root, "content/notes"))
    } catch {
      source.diagnostics.append(
        .error("cannot list the folder (\(OSReason.describe(error)))", at: SourceLocation(file: "content/notes")))
      return []
    }
    return names.compactMap { name in
      guard !name.hasPrefix("."), name.lowercased().hasSuffix(".md") else { return nil }
      let file = "content/notes/" + name
      guard
        let data = contents(of: file, in: root, limit: TextLimits.textFileBytes, boundary: boundary, into: &source)
      else { return nil }
      guard let text = String(data: data, encoding: .utf8) else {
        source.diagnostics.append(.error("not valid UTF-8 text", at: SourceLocation(file: file)))
        return nil
      }
      return NoteSource(file: file, breedID: String(name.dropLast(3)), text: text)
    }
  }

  /// The photos of content/photos/ (at `base`) and what reading them found.
  func loadPhotoFolder(_ base: String) -> LoadedPhotos {
    var photos = LoadedPhotos()
    photos.files = loadPhotos(in: base, label: "content/photos/", diagnostics: &photos.diagnostics)
    Self.warnUnprobedVideos(photos.files, label: "content/photos/", diagnostics: &photos.diagnostics)
    return photos
  }

  /// Every image below `base`, hidden files and folders skipped; `label` is
  /// the prefix their paths get in messages. Links to folders are not followed
  /// (one warning each, into `diagnostics`), and a file that links out of
  /// `base` is a photo with a problem, never read.
  func loadPhotos(in base: String, label: String, diagnostics: inout [Diagnostic]) -> [PhotoFile] {
    let walk = walk(base, label: label)
    diagnostics += walk.diagnostics
    return loadPhotos(walk.files, in: base, label: label)
  }

  /// The images among `files` (paths relative to `base`, as a walk gives
  /// them); other files are passed over.
  func loadPhotos(_ files: [String], in base: String, label: String) -> [PhotoFile] {
    let boundary = SiteBoundary(fileSystem: fileSystem, root: base)
    // Hashing every byte of a new photo is the slow part of loading: on all cores.
    return Parallel.map(files) { relative -> PhotoFile? in
      let ext = (relative as NSString).pathExtension.lowercased()
      let path = Path.join(base, relative)
      func refused(_ problem: String) -> PhotoFile {
        PhotoFile(relativePath: relative, file: label + relative, path: path, hash: "", header: nil, problem: problem)
      }
      if Self.unsupportedExtensions.contains(ext) {
        return refused(
          "unsupported image format .\(ext); export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF")
      }
      let isVideo = Self.videoExtensions.contains(ext)
      // A file with no extension is taken by what it holds (`media(relative:)`).
      guard isVideo || ext.isEmpty || Self.imageExtensions.contains(ext) else { return nil }
      switch boundary.check(file: path, named: label + relative) {
      case .refused(let problem):
        // Nothing outside the photo folder is read, links included.
        let outside = problem.message.hasPrefix("links to ")
        return refused(outside ? "it links to a file outside \(label)" : "it " + problem.message)
      case .readable(let real):
        let found =
          ext.isEmpty
          ? media(relative: relative, path: real, label: label)
          : isVideo
            ? clip(relative: relative, path: real, label: label) : photo(relative: relative, path: real, label: label)
        guard let photo = found else { return nil }
        return leavesOut ? leavingOut(photo) : photo
      case .absent:
        return refused("it is gone: it was removed while the site was read")
      }
    }.compactMap { $0 }
  }

  /// A photo's hash, header and metadata: from the index while its size and
  /// modification time are unchanged, else read.
  func photo(relative: String, path: String, label: String) -> PhotoFile {
    let file = label + relative
    let attributes = try? fileSystem.attributes(of: path)
    if let attributes, let known = index.entries[relative], known.attributes == attributes {
      return PhotoFile(
        relativePath: relative, file: file, path: path, hash: known.hash, header: known.header, problem: nil,
        attributes: attributes,
        rawMetadata: index.holdsTagsRead ? known.metadata : tags(of: path))
    }
    var photo = PhotoFile(relativePath: relative, file: file, path: path, hash: "", header: nil, problem: nil)
    // Held open while it is read: the bytes hashed, the header and the
    // metadata are the checked file's, whatever is swapped in at its path.
    let opened: OpenedFile
    do {
      opened = try fileSystem.open(checked: path)
    } catch {
      photo.problem = error.message
      return photo
    }
    guard let data = try? fileSystem.contents(of: opened.path) else {
      photo.problem = "cannot read file"
      return photo
    }
    photo.hash = SHA256.hash(data: data).prefix(12).hex
    if data.isEmpty {
      photo.problem = "file is empty"
      return photo
    }
    do {
      photo.header = try codec.header(of: opened.path)
      photo.attributes = attributes
      let raw = metadata.read(MetadataInterpreter.tags, from: opened.path)
      photo.rawMetadata = raw
      photo.metadata = MetadataInterpreter.interpret(raw)
    } catch {
      photo.problem = error.message
    }
    return photo
  }

  /// The metadata tags of the photo at `path`, read through the file held
  /// open (exiv2 opens by the string it is given: a name that is not UTF-8
  /// reaches the file only by its descriptor); none when it cannot be opened.
  private func tags(of path: String) -> RawMetadata {
    guard let opened = try? fileSystem.open(checked: path) else { return RawMetadata() }
    return withExtendedLifetime(opened) { metadata.read(MetadataInterpreter.tags, from: opened.path) }
  }

  private func loadTemplates(root: String, boundary: SiteBoundary, into source: inout SiteSource) -> [String: Data] {
    var templates: [String: Data] = [:]
    let walk = walk(Path.join(root, "templates"), label: "templates/")
    source.diagnostics += walk.diagnostics
    for relative in walk.files {
      if let data = contents(
        of: "templates/" + relative, in: root, limit: TextLimits.textFileBytes, boundary: boundary, into: &source)
      {
        templates[relative] = data
      }
    }
    return templates
  }
}
