import Foundation

/// Model stage: validates the raw source, resolves images, makes slugs and links
/// records together. Pure: the clock comes in as `now`.
package struct SiteBuilder: Sendable {
  package var now: Date
  /// A previewed folder built album by album (a staged build, issue 24):
  /// the albums of its subfolders, built before and summed up
  /// (`Album.summarized`), by folder path. The source's folder is then one
  /// folder of the tree, its subfolders without photos, and becomes one
  /// album, without its path.
  package var summaries: [String: Album]? = nil
  /// The settings, read already: each album of a folder built album by
  /// album is built with them, and their problems are told once.
  package var config: SiteConfig? = nil

  package init(now: Date) { self.now = now }

  package func build(_ source: SiteSource) -> (Site, [Diagnostic]) {
    var diagnostics = DiagnosticCollector()
    diagnostics.list = source.diagnostics
    let config =
      self.config ?? SiteConfig.read(source.config, defaults: source.configDefaults, diagnostics: &diagnostics)
    var site = Site(config: config, now: now)
    let pixelLimit = config.maxMegapixels * 1_000_000
    site.templates = source.templates
    let clips = planClips(
      source.photos, config: config, capabilities: source.videoCapabilities, leavesOut: source.folder != nil,
      diagnostics: &diagnostics)
    let photos = checkedPhotos(clips, pixelLimit: pixelLimit, diagnostics: &diagnostics)
    var resolver = PhotoResolver(photos: photos, allowsPaths: source.trustedNames)
    let fetched = FetchedPhotos(PhotoManifest.read(source.manifest, diagnostics: &diagnostics))

    let parks = parks(source.parks, resolver: &resolver, diagnostics: &diagnostics)
    let categories = categories(source.categories, resolver: &resolver, diagnostics: &diagnostics)
    site.breeds = breeds(
      source.breeds, photos: photos, fetched: fetched, resolver: &resolver, diagnostics: &diagnostics)
    attachNotes(source.notes, to: &site.breeds, diagnostics: &diagnostics)
    site.cats = cats(
      source.cats, breeds: site.breeds, fetched: fetched, resolver: &resolver, diagnostics: &diagnostics)
    site.facts = facts(source.facts, diagnostics: &diagnostics)
    site.factsModified = source.factsModified
    site.credits = source.credits.map { FrontMatter.split($0, diagnostics: &diagnostics) }
    // Fact pages show a photo behind the text: a category's, else a breed's, else a park's.
    assignFactBackgrounds(
      &site.facts,
      pool: [categories, site.breeds.map(\.album), parks].lazy
        .map { $0.flatMap(\.items).map(\.photo) }.first { !$0.isEmpty } ?? [])
    site.albums = albums(parks: parks, categories: categories, config: config)
    if let folder = source.folder {
      previewAlbum(folder, photos: photos, site: &site, resolver: &resolver, diagnostics: &diagnostics)
    }

    // An input that failed to parse names no photos, so "unused" would only be noise.
    let inputsParsed = !source.diagnostics.hasErrors
    for photo in photos
    where inputsParsed && !resolver.used.contains(photo.relativePath) && photo.problem == nil {
      diagnostics.warning("photo is not used by any page", at: SourceLocation(file: photo.file))
      site.unusedPhotos.insert(photo.relativePath)
    }
    site.photos = collectPhotos(site)
    site.liveClips = collectLiveClips(site)
    return (site, diagnostics.list)
  }

  /// The Live Photo clip of every item, by its id; the first item's wins.
  /// Walked album by album: a flat list of the site's items was a copy of
  /// every item at the peak of the Model stage (issue 24: 12 MB of heap at 20,000 photos).
  private func collectLiveClips(_ site: Site) -> [String: Photo] {
    var clips: [String: Photo] = [:]
    for album in site.albums.flatMap(\.allAlbums) + site.breeds.map(\.album) {
      for item in album.items { if let live = item.live, clips[live.id] == nil { clips[live.id] = live } }
    }
    return clips
  }

  /// Unreadable and oversized images are errors whether or not a page uses them;
  /// an oversized one is then treated as unreadable, so it is never decoded. A
  /// name whose extension says another format than the content is a warning.
  private func checkedPhotos(_ photos: [PhotoFile], pixelLimit: Int, diagnostics: inout DiagnosticCollector)
    -> [PhotoFile]
  {
    photos.map { photo in
      var photo = photo
      let location = SourceLocation(file: photo.file)
      if SiteLoader.isUnprobed(photo) {
        // Already one warning for every video, at the photo folder.
      } else if let problem = photo.problem {
        diagnostics.error(
          "cannot read \(SiteLoader.isVideo(photo.relativePath) ? "video" : "image"): \(problem)", at: location)
      } else if let header = photo.header, !header.fits(maxPixels: pixelLimit) {
        diagnostics.error("image is \(header.overLimit(maxPixels: pixelLimit))", at: location)
        photo.header = nil
        photo.problem = "over the pixel limit"
      } else if let header = photo.header, let format = ImageFormat(rawValue: header.format) {
        let ext = (photo.relativePath as NSString).pathExtension
        // A name with no extension says nothing to contradict.
        if !ext.isEmpty && !format.extensions.contains(ext.lowercased()) {
          diagnostics.warning("the file is a \(format.name) image although its name ends in .\(ext)", at: location)
        }
      }
      return photo
    }
  }

  /// Places a named photo, reporting a failed lookup against `node`; `page`
  /// names the photo's page in messages (`owner` by default).
  package func place(
    _ name: String, caption: String, owner: String, page: String? = nil, node: Node, taken: inout Set<String>,
    resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector
  ) -> MediaItem? {
    switch resolver.resolve(name) {
    case .success(let file):
      guard let photo = Photo(file) else { return nil }
      var item = MediaItem(
        photo: photo, caption: caption, slug: Slug.name(name, taken: &taken, madeNames: resolver.allowsPaths))
      item.live = resolver.liveClips[file.relativePath].flatMap { Photo($0) }
      item.pageOrigin = PageOrigin(name: page ?? owner, location: node.location)
      return item
    case .failure(let failure):
      if let message = PhotoResolver.message(for: failure, name: name, owner: owner) {
        diagnostics.error(message, at: node)
      }
      return nil
    }
  }

  /// Every local photo that some page shows.
  private func collectPhotos(_ site: Site) -> [String: Photo] {
    var photos: [String: Photo] = [:]
    for album in site.albums.flatMap(\.allAlbums) { for item in album.items { photos[item.photo.id] = item.photo } }
    for breed in site.breeds { for item in breed.album.items { photos[item.photo.id] = item.photo } }
    for cat in site.cats { if case .local(let item) = cat.picture { photos[item.photo.id] = item.photo } }
    return photos
  }

  /// Gives the facts their background photos from `pool`, in turn.
  private func assignFactBackgrounds(_ facts: inout [Fact], pool: [Photo]) {
    guard !pool.isEmpty else { return }
    for index in facts.indices {
      // Offset by one so the facts card on the home page differs from the first category's.
      facts[index].background = pool[(index + 1) % pool.count]
    }
  }
}
