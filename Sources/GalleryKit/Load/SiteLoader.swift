import Crypto
import Foundation

/// Load stage: reads content/ and templates/ into a `SiteSource`. The only stage
/// besides Write that touches the file system, through the injected edges.
public struct SiteLoader: Sendable {
  public static let imageExtensions: Set<String> = [
    "jpg", "jpeg", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif",
  ]

  /// Image files people keep beside their photos that catgallery does not read
  /// (camera raw, layered, vector): each is an error naming the file rather
  /// than skipped in silence, so a photo never goes missing unexplained.
  static let unsupportedExtensions: Set<String> = [
    "arw", "bmp", "cr2", "cr3", "dng", "jxl", "nef", "orf", "psd", "raf", "rw2", "svg",
  ]

  let fileSystem: FileSystem
  let codec: ImageCodec
  /// What the last build learnt about each photo; unchanged files are not read.
  var index = PhotoIndex()
  /// Reads EXIF fields from every photo even when site.yml does not ask (preview
  /// takes captions from embedded descriptions).
  var alwaysReadEXIF = false
  /// Leaves unsupported image files out instead of reporting them (preview
  /// shows any folder, where raw files often sit beside their JPEGs).
  var skipsUnsupported = false

  public init(fileSystem: FileSystem, codec: ImageCodec, index: PhotoIndex = PhotoIndex()) {
    self.fileSystem = fileSystem
    self.codec = codec
    self.index = index
  }

  /// Reads the site at `root` (the folder holding content/ and templates/).
  public func load(root: String) -> SiteSource {
    var source = SiteSource(root: root)
    source.config = read("content/site.yml", in: root, limit: TextLimits.textFileBytes, into: &source) {
      (data, file) throws(DiagnosticsError) -> Node in
      try YAMLReader.parse(String(decoding: data, as: UTF8.self), file: file)
    }
    source.parks = read("content/parks.plist", in: root, into: &source, parse: PlistReader.parse)
    source.categories = read(
      "content/categories.plist", in: root, into: &source, parse: PlistReader.parse)
    source.breeds = read("content/breeds.json", in: root, into: &source, parse: JSONReader.parse)
    source.cats = read("content/cats.json", in: root, into: &source, parse: JSONReader.parse)
    source.facts = read("content/facts.json", in: root, into: &source, parse: JSONReader.parse)
    source.notes = loadNotes(root: root, into: &source)
    let creditsFile = "content/photos/CREDITS.md"
    if !isOversized(root + "/" + creditsFile, file: creditsFile, limit: TextLimits.textFileBytes, into: &source),
      let data = try? fileSystem.contents(of: root + "/" + creditsFile)
    {
      source.credits = NoteSource(file: creditsFile, breedID: "", text: String(decoding: data, as: UTF8.self))
    }
    source.photos = loadPhotos(
      in: root + "/content/photos", label: "content/photos/", exif: wantsEXIF(source.config))
    source.templates = loadTemplates(root: root, into: &source)
    return source
  }

  /// Parses `file` when it exists and is at most `limit` bytes (checked before
  /// it is read); every problem goes into `source`.
  private func read(
    _ file: String, in root: String, limit: Int = TextLimits.dataFileBytes, into source: inout SiteSource,
    parse: (Data, String) throws(DiagnosticsError) -> Node
  ) -> Node? {
    let path = root + "/" + file
    guard fileSystem.exists(path), !isOversized(path, file: file, limit: limit, into: &source) else { return nil }
    do {
      let data = try fileSystem.contents(of: path)
      return try parse(data, file)
    } catch let error as DiagnosticsError {
      source.diagnostics += error.diagnostics
    } catch {
      source.diagnostics.append(.error("cannot read file", at: SourceLocation(file: file)))
    }
    return nil
  }

  /// Whether the file at `path` is over `limit` bytes, reported against `file`.
  private func isOversized(_ path: String, file: String, limit: Int, into source: inout SiteSource) -> Bool {
    guard let size = try? fileSystem.attributes(of: path).size, size > limit else { return false }
    source.diagnostics.append(.error("file is \(size) bytes; the limit is \(limit)", at: SourceLocation(file: file)))
    return true
  }

  private func loadNotes(root: String, into source: inout SiteSource) -> [NoteSource] {
    let folder = root + "/content/notes"
    guard fileSystem.isDirectory(folder) else { return [] }
    let names = (try? fileSystem.entries(of: folder)) ?? []
    return names.compactMap { name in
      guard !name.hasPrefix("."), name.lowercased().hasSuffix(".md") else { return nil }
      let file = "content/notes/" + name
      guard !isOversized(folder + "/" + name, file: file, limit: TextLimits.textFileBytes, into: &source) else {
        return nil
      }
      guard let data = try? fileSystem.contents(of: folder + "/" + name) else {
        source.diagnostics.append(.error("cannot read file", at: SourceLocation(file: file)))
        return nil
      }
      guard let text = String(data: data, encoding: .utf8) else {
        source.diagnostics.append(.error("not valid UTF-8 text", at: SourceLocation(file: file)))
        return nil
      }
      return NoteSource(file: file, breedID: String(name.dropLast(3)), text: text)
    }
  }

  /// Whether site.yml allow-lists any EXIF field: only then are they read.
  private func wantsEXIF(_ config: Node?) -> Bool {
    guard let list = config?["images"]?["exif"]?.array else { return false }
    return !list.isEmpty
  }

  /// Every image below `base`, hidden files and folders skipped; `label` is
  /// the prefix their paths get in messages.
  public func loadPhotos(in base: String, label: String, exif: Bool) -> [PhotoFile] {
    let realBase = Self.realPath(base) ?? base
    // Hashing every byte of a new photo is the slow part of loading: on all cores.
    return Parallel.map(files(under: base)) { relative -> PhotoFile? in
      let ext = (relative as NSString).pathExtension.lowercased()
      let path = base + "/" + relative
      if Self.unsupportedExtensions.contains(ext), !skipsUnsupported {
        return PhotoFile(
          relativePath: relative, file: label + relative, path: path, hash: "", header: nil,
          problem: "unsupported image format .\(ext); export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF")
      }
      guard Self.imageExtensions.contains(ext) else { return nil }
      // Nothing outside the photo folder is read, symlinks included.
      guard let real = Self.realPath(path), real.hasPrefix(realBase + "/") else {
        return PhotoFile(
          relativePath: relative, file: label + relative, path: path, hash: "", header: nil,
          problem: "it links to a file outside \(label)")
      }
      return photo(relative: relative, path: path, label: label, exif: exif || alwaysReadEXIF)
    }.compactMap { $0 }
  }

  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Paths of the regular files below `base`, relative to it, sorted; hidden
  /// files and folders are skipped.
  func files(under base: String) -> [String] {
    guard fileSystem.isDirectory(base) else { return [] }
    var found: [String] = []
    var pending = [""]
    while let relativeFolder = pending.popLast() {
      let folder = relativeFolder.isEmpty ? base : base + "/" + relativeFolder
      for name in (try? fileSystem.entries(of: folder)) ?? [] where !name.hasPrefix(".") {
        let relative = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
        if fileSystem.isDirectory(base + "/" + relative) {
          pending.append(relative)
        } else {
          found.append(relative)
        }
      }
    }
    return found.sorted()
  }

  private func photo(relative: String, path: String, label: String, exif wantsEXIF: Bool) -> PhotoFile {
    let file = label + relative
    let attributes = try? fileSystem.attributes(of: path)
    if let attributes, let known = index.entries[relative], known.attributes == attributes,
      !wantsEXIF || known.exif != nil
    {
      return PhotoFile(
        relativePath: relative, file: file, path: path, hash: known.hash, header: known.header, problem: nil,
        attributes: attributes, exif: known.exif)
    }
    var photo = PhotoFile(relativePath: relative, file: file, path: path, hash: "", header: nil, problem: nil)
    guard let data = try? fileSystem.contents(of: path) else {
      photo.problem = "cannot read file"
      return photo
    }
    photo.hash = SHA256.hash(data: data).prefix(12).hex
    if data.isEmpty {
      photo.problem = "file is empty"
      return photo
    }
    do {
      photo.header = try codec.header(of: path)
      photo.attributes = attributes
      if wantsEXIF { photo.exif = codec.exif(of: path) }
      if alwaysReadEXIF, photo.exif?["description"] == nil,
        let head = try? fileSystem.prefix(of: path, count: EmbeddedCaption.scanLimit),
        let caption = EmbeddedCaption.find(in: head)
      {
        photo.exif?["description"] = caption
      }
    } catch {
      photo.problem = error.message
    }
    return photo
  }

  private func loadTemplates(root: String, into source: inout SiteSource) -> [String: Data] {
    var templates: [String: Data] = [:]
    for relative in files(under: root + "/templates") {
      if let data = try? fileSystem.contents(of: root + "/templates/" + relative) {
        templates[relative] = data
      } else {
        source.diagnostics.append(.error("cannot read file", at: SourceLocation(file: "templates/" + relative)))
      }
    }
    return templates
  }
}
