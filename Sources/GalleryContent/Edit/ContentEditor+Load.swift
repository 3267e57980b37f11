import Foundation
import GalleryCore

extension ContentEditor {
  /// The breeds and cats as the build reads them, and the hash of the bytes
  /// of cats.json an edit is conditional on.
  package struct Loaded {
    package var breeds: [Breed]
    package var cats: [Cat]
    package var hash: String?
    /// cats.json's records as parsed.
    var records: [Node]
    /// Names photos are known by (paths below content/photos/, lowercased, with and without extension).
    var photoStems: Set<String>
    /// The photos in content/photos/, listed but not read (a record restdb answers is checked against them).
    package var photos: [PhotoFile] = []
    /// Where cat edits go first, from `sources.restdb` in site.yml.
    var restdb: FetchSources.RestDB?
    /// Errors in site.yml that hide whether edits go to restdb: an unreadable
    /// file or a bad `sources:` block. A cat edit is refused while there are any.
    var sourceErrors: [Diagnostic] = []
    /// The largest photo the build takes (`images.max_megapixels`), in pixels.
    var maxPixels = SiteConfig().maxMegapixels * 1_000_000
  }

  package func load() throws(EditRefusal) -> Loaded {
    let loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: NoMetadata())
    var source = loader.loadForFetch(root: root)
    let boundary = SiteBoundary(fileSystem: fileSystem, root: root)
    source.cats = loader.read(
      Self.catsFile, in: root, limit: TextLimits.dataFileBytes, boundary: boundary, into: &source,
      parse: JSONReader.parse)
    var diagnostics = DiagnosticCollector()
    diagnostics.list = source.diagnostics
    let builder = SiteBuilder(now: now)
    var resolver = PhotoResolver(photos: source.photos)
    let manifest = FetchedPhotos(PhotoManifest.read(source.manifest, diagnostics: &diagnostics))
    let breeds = builder.breeds(source.breeds, photos: [], resolver: &resolver, diagnostics: &diagnostics)
    let cats = builder.cats(
      source.cats, breeds: breeds, fetched: manifest, resolver: &resolver, diagnostics: &diagnostics)
    // An edit rewrites cats.json, so it must parse; a bad value in a record is
    // the user's to fix (maybe by this very edit) and the build reports it.
    let unreadable = source.diagnostics.filter { $0.severity == .error && $0.location?.file == Self.catsFile }
    if !unreadable.isEmpty { throw EditRefusal(unreadable) }
    let data = try? fileSystem.contents(of: Path.join(root, Self.catsFile))
    // Every name a photo resolves by: its path below content/photos/, with or without extension.
    let stems = Set(
      source.photos.flatMap { photo -> [String] in
        let path = photo.relativePath.lowercased()
        return [path, (path as NSString).deletingPathExtension]
      })
    // The same reading of `sources:` as fetch's, so both agree on where cats live.
    var sourceProblems = DiagnosticCollector()
    let sources = FetchSources.read(source.config?["sources"], diagnostics: &sourceProblems)
    let configErrors = source.diagnostics.filter { $0.severity == .error && $0.location?.file == "content/site.yml" }
    var configProblems = DiagnosticCollector()
    let config = SiteConfig.read(source.config, diagnostics: &configProblems)
    return Loaded(
      breeds: breeds, cats: cats, hash: data.map(FileSnapshot.hash), records: source.cats?.array ?? [],
      photoStems: stems, photos: source.photos, restdb: sources.restdb,
      sourceErrors: configErrors + sourceProblems.list.filter { $0.severity == .error },
      maxPixels: config.maxMegapixels * 1_000_000)
  }

  /// The cat `id` names: its `_id`, else the slug of its page.
  package func find(_ id: String, in site: Loaded) throws(EditRefusal) -> Cat {
    if let cat = site.cats.first(where: { $0.id == id }) ?? site.cats.first(where: { $0.slug == id }) {
      return cat
    }
    throw EditRefusal(
      "no cat \"\(id)\" in \(Self.catsFile) (catgallery cats list shows each cat's id)", kind: .notFound)
  }

  /// A photo as an edit stores it, and the file `place` copied in for it.
  package struct Placed {
    package var photo: CatPhoto
    /// The copy made for this edit (listed in `PhotoCopies`); nil when none was made.
    var copy: PhotoFile?
  }

  /// A photo to store: a local file is checked (an image libvips reads) and
  /// copied into content/photos/cats/ under a name no other photo has, which
  /// is then what cats.json names it by; the copy is listed in `PhotoCopies`.
  package func place(_ photo: CatPhoto, name: String, in site: Loaded) throws(EditRefusal) -> Placed {
    guard case .localFile(let path) = photo else { return Placed(photo: photo) }
    let source = path.hasPrefix("/") ? path : Path.join(FileManager.default.currentDirectoryPath, path)
    // A name a photo in content/photos/ already goes by is used as it is.
    if site.photoStems.contains(path.lowercased()) { return Placed(photo: .named(path)) }
    guard fileSystem.entry(at: source).kind == .file else {
      throw EditRefusal(
        .photo, "photo must be an image file, an https URL or none; \"\(path)\" is neither a file nor a photo's name")
    }
    let data: Data
    do { data = try fileSystem.contents(of: source) } catch {
      throw EditRefusal(.photo, "photo: cannot read \(path) (\(OSReason.describe(error)))")
    }
    let format = try Self.imageFormat(of: data, named: path)
    let ext = format == .jpeg ? "jpg" : format.rawValue
    let folder = Path.join(root, "content/photos/cats")
    // Never written through a link out of the site, at any level.
    guard fileSystem.staysWithin(Path.join(root, "content/photos"), root),
      fileSystem.staysWithin(folder, Path.join(root, "content/photos"))
    else {
      throw EditRefusal("content/photos/cats leads out of the site through a link; the photo was not copied")
    }
    var stem = "cat-" + Slug.make(name)
    var counter = 1
    while fileSystem.exists(Path.join(folder, "\(stem).\(ext)")) {
      counter += 1
      stem = "cat-\(Slug.make(name))-\(counter)"
    }
    let target = Path.join(folder, "\(stem).\(ext)")
    fileSystem.removeStaleTemporaries(in: folder)
    let header: ImageHeader
    do {
      try fileSystem.write(data, to: target)
      header = try codec.header(of: target)
    } catch {
      try? fileSystem.remove(target)
      throw EditRefusal(.photo, "photo: \(path) is not a readable image (\(error))")
    }
    // The build refuses such a photo; so must the edit, or the site stops building.
    guard header.fits(maxPixels: site.maxPixels) else {
      try? fileSystem.remove(target)
      throw EditRefusal(.photo, "photo: \(path) is \(header.overLimit(maxPixels: site.maxPixels))")
    }
    let relative = "cats/\(stem).\(ext)"
    copies.add(relative, bytes: data)
    let copy = PhotoFile(
      relativePath: relative, file: "content/photos/" + relative, path: target, hash: "", header: header, problem: nil)
    return Placed(photo: .named("cats/" + stem), copy: copy)
  }

  /// The format of a photo's bytes, or why they cannot be a cat's photo: not
  /// an image of at most 40 MB, or one cut short (it reads a good header,
  /// then fails the build). `name` is how the message names the file.
  package static func imageFormat(of data: Data, named name: String) throws(EditRefusal) -> ImageFormat {
    guard data.count <= PhotoDownloader.maxBytes, let format = ImageFormat.sniff(data) else {
      throw EditRefusal(
        .photo, "photo must be a JPEG, PNG, WebP, GIF, TIFF or HEIF image of at most 40 MB; \(name) is not")
    }
    guard format.isComplete(data) else {
      throw EditRefusal(.photo, "photo: \(name) is cut short (the \(format.name) file has no proper end)")
    }
    return format
  }

}

extension Array {
  package subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
