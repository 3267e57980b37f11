import Foundation

/// Turns any folder of photos into a site source with no plist to write, as a
/// sigal user's folder expects: the folder and its subfolders (any depth) as a
/// tree of albums, each with its `index.md` and each photo's text file, what a
/// `.nomedia` file hides left out (`FolderSource`, made into albums by the
/// Model stage). A `site.yml` at the top of the folder, when there is one,
/// sets what a site's would, over the preview's own defaults. Reads the
/// folder; never writes to it.
package struct PreviewSource {
  package let loader: SiteLoader

  package init(
    fileSystem: FileSystem, codec: ImageCodec, metadata: MetadataReader, index: PhotoIndex, video: VideoTool? = nil
  ) {
    var loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: metadata, index: index, video: video)
    loader.leavesOut = true
    self.loader = loader
  }

  package func load(folder: String) -> SiteSource {
    let name = Self.name(of: folder)
    var source = SiteSource()
    let walk = loader.walk(folder, label: name + "/")
    source.diagnostics += walk.diagnostics
    let reader = FolderReader(fileSystem: loader.fileSystem, base: folder, name: name)
    let exclusions = reader.exclusions(for: walk.files, diagnostics: &source.diagnostics)
    let files = walk.files.filter { !exclusions.excludes($0) }
    // A previewed folder is anyone's: a photo that cannot be shown (a link out
    // of the folder, a damaged file) is left out with a warning, and the rest
    // of the gallery is shown.
    let photos = SiteLoader.withoutUnprobedVideos(
      loader.loadPhotos(files, in: folder, label: name + "/"), label: name + "/", diagnostics: &source.diagnostics)
    for photo in photos {
      if let problem = photo.problem {
        source.diagnostics.append(.warning("left out: \(problem)", at: SourceLocation(file: photo.file)))
      }
    }
    source.photos = photos.filter { $0.problem == nil }
    SidecarMetadata(reader: reader, metadata: loader.metadata).apply(
      to: &source.photos, files: files, diagnostics: &source.diagnostics)
    source.folder = reader.tree(
      files: files, photos: source.photos, exclusions: exclusions, diagnostics: &source.diagnostics)
    let settings = settings(reader, name: name, diagnostics: &source.diagnostics)
    source.trustedNames = settings.trustedNames
    source.configDefaults = settings.configDefaults
    source.config = settings.config
    source.videoCapabilities = settings.videoCapabilities
    return source
  }

  /// The previewed folder's name, as messages name it.
  static func name(of folder: String) -> String {
    Path.name(of: String(folder.reversed().drop { $0 == "/" }.reversed()))
  }

  /// A source of the folder's settings alone: its `site.yml` over the
  /// preview's defaults, named after the folder.
  func settings(_ reader: FolderReader, name: String, diagnostics: inout [Diagnostic]) -> SiteSource {
    var source = SiteSource()
    source.trustedNames = true
    source.configDefaults = .preview
    source.videoCapabilities = loader.video?.capabilities ?? .missing
    let location = SourceLocation(file: name)
    // The folder's own words replace these when its index.md has them (Model).
    let defaults = Node(
      .dictionary([
        ("title", Node(.string(name), at: location)),
        ("description", Node(.string("Photos in \(name)"), at: location)),
        ("search_placeholder", Node(.string(Self.searchPlaceholder), at: location)),
        ("sections_path", Node(.string(Self.sectionsPath(for: name)), at: location)),
        // A preview shows what each photo says about itself: the info panel is on.
        ("metadata", Node(.dictionary([("info", Node(.bool(true), at: location))]), at: location)),
      ]), at: location)
    source.config = settings(reader, diagnostics: &diagnostics).map { Self.merged($0, over: defaults) } ?? defaults
    return source
  }

  /// Every file `load(folder:)` may read, as paths relative to `folder`: the
  /// walk's files, and the `.nomedia` of each folder that holds one of them
  /// (hidden, so no walk lists it; most folders have none). The no-change
  /// short cut compares their sizes and times with the last build's.
  package func inputs(folder: String) -> [String] {
    let files = loader.walk(folder, label: "").files
    return files + FolderReader.folders(holding: files).sorted().map { Path.join($0, ".nomedia") }
  }

  /// The folder's own `site.yml`, parsed; nil when it has none or it cannot
  /// be read (a warning) or parsed (an error at its line).
  private func settings(_ reader: FolderReader, diagnostics: inout [Diagnostic]) -> Node? {
    guard let file = reader.read("site.yml", diagnostics: &diagnostics) else { return nil }
    do {
      return try YAMLReader.parse(file.text, file: file.file)
    } catch {
      diagnostics += error.diagnostics
      return nil
    }
  }

  /// `settings` over `defaults`: a key that `settings` gives replaces the
  /// default's value, two mappings are merged key by key (so `metadata:`
  /// without `info` keeps the preview's info panel), and the defaults' other
  /// keys stay. Anything but a mapping is left to `SiteConfig` to report.
  static func merged(_ settings: Node, over defaults: Node) -> Node {
    guard case .dictionary(let own) = settings.value, case .dictionary(let base) = defaults.value else {
      return settings
    }
    var pairs = own.map { pair in
      (key: pair.key, value: defaults[pair.key].map { merged(pair.value, over: $0) } ?? pair.value)
    }
    pairs += base.filter { settings[$0.key] == nil }
    return Node(.dictionary(pairs), at: settings.location)
  }

  /// What the search field of a previewed folder says.
  static let searchPlaceholder = "Search photos and albums"

  /// The URL folder of a previewed folder's gallery: its name as a slug, or
  /// "photos" when that is empty or taken by another kind of page.
  static func sectionsPath(for name: String) -> String {
    let slug = Slug.make(name)
    return slug.isEmpty || SiteConfig.reservedPaths.contains(slug) ? "photos" : slug
  }
}
