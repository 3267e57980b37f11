import Foundation
import GalleryCore
import GalleryImages

/// `buildAlbumByAlbum`'s second part: each album, in the order of the site's
/// pages, loaded and modelled again, its zip made, its pages planned,
/// rendered and written to the staging folder with its images; then the
/// pages after the albums, the search index and the site's own files.
extension AlbumByAlbum {
  /// What the albums written so far leave for the end of the build.
  struct Written {
    var archives: [ArchiveJob] = []
    var archivesMade = 0
    /// Every clip's poster, made or not (`Pipeline.keepCache`).
    var posters: Set<String> = []
    var pages = 0
    /// Two pages' paths clashed (`HandedPages.clash`).
    var clash = false
  }

  /// The stages timed on their own within the render of the albums.
  static let stagesWithin: Set<String> = ["load", "model", "archives"]

  /// Nil when two pages' paths clashed.
  mutating func write(_ summed: Summed, scan: PreviewSource.Scan, preview: PreviewSource, output: OutputOwner)
    -> BuildReport?
  {
    var site = Site(config: summed.config, now: pipeline.now())
    site.albums = summed.root.map { [$0] } ?? []
    let (pipeline, options) = (pipeline, options)
    let renderer = run.stage("render") { pipeline.renderer(site: site, options: options) }
    guard !run.diagnostics.hasErrors else { return run.failed() }
    let planned = run.diagnostics.count
    var written = Written()
    var problems: [Diagnostic] = []
    var searchSeconds = 0.0
    var staging: StagingFolder?
    let start = DispatchTime.now().uptimeNanoseconds
    let timedApart = run.clock.seconds(of: Self.stagesWithin)
    do {
      staging = try output.stage(
        paths: OutputPlanner.entries(site, renderer: renderer), problems: &problems
      ) { folder in
        folder.relists = true
        folder.folderLimit = pipeline.folderLimit
        var parts = PartWriter(renderer: renderer)
        // The home page shows the root album's cover.
        let cover = site.albums.first?.coverItem.map { [$0.photo] } ?? []
        let planner = OutputPlanner(site: site, jobs: jobs(for: cover, config: site.config))
        var plan = planner.start()
        var feed = FeedStream(planner)
        if let root = summed.root {
          writeAlbums(
            root, trail: [], site: site, summed: summed, scan: scan, preview: preview,
            plan: &plan, feed: &feed, parts: &parts, folder: &folder, written: &written)
        }
        planner.finish(&plan, feed: &feed)
        parts.render(plan.handOn(), colours: [:], into: &folder)
        pipeline.holdingFolders(folder.foldersHeld)
        written.pages = plan.pageCount
        written.clash = plan.handed.clash
        run.diagnostics.insert(contentsOf: plan.diagnostics, at: min(planned, run.diagnostics.count))
        return try parts.finish(plan, into: &folder, searchSeconds: &searchSeconds)
      }
    } catch {
      problems.append(.error(String(describing: error)))
    }
    // The albums' Load, Model and zips, timed as theirs, are not the render's.
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let apart = run.clock.seconds(of: Self.stagesWithin) - timedApart
    run.clock.add(seconds - apart - searchSeconds, to: "render")
    run.clock.add(searchSeconds, to: "search")
    run.add(problems, fromInputs: true)
    guard var staged = staging else { return run.failed() }
    staging = nil
    // Two pages on one path: the folder loaded whole names them.
    if written.clash {
      try? pipeline.fileSystem.remove(staged.root)
      return nil
    }
    guard !run.diagnostics.hasErrors, !(options.strict && !run.diagnostics.isEmpty) else {
      try? pipeline.fileSystem.remove(staged.root)
      return run.failed()
    }
    return install(&staged, written: written, output: output)
  }

  /// `album`'s pages, then its child albums', in the order of the site's pages.
  private mutating func writeAlbums(
    _ summary: Album, trail: [Album], site: Site, summed: Summed, scan: PreviewSource.Scan,
    preview: PreviewSource, plan: inout OutputPlan, feed: inout FeedStream?, parts: inout PartWriter,
    folder: inout StagingFolder, written: inout Written
  ) {
    guard let source = summary.summary.flatMap({ summed.folders[$0.folder] }) else { return }
    let summaries = Dictionary(
      uniqueKeysWithValues: summary.albums.compactMap { child in child.summary.map { ($0.folder, child) } })
    if let (built, _) = model(source, summaries: summaries, scan: scan, preview: preview, saving: false),
      var album = built.albums.first
    {
      album.slug = summary.slug
      album.assignPaths(below: trail.last?.path ?? "")
      writeAlbum(
        album, trail: trail, site: site, photos: built, plan: &plan, feed: &feed, parts: &parts, folder: &folder,
        written: &written)
      written.posters.formUnion(built.photos.values.compactMap { cache.posterName(of: $0) })
      written.posters.formUnion(built.liveClips.values.compactMap { cache.posterName(of: $0) })
    }
    for child in summary.albums {
      writeAlbums(
        child, trail: trail + [summary], site: site, summed: summed, scan: scan, preview: preview,
        plan: &plan, feed: &feed, parts: &parts, folder: &folder, written: &written)
    }
  }

  /// One album's pages planned and rendered, and its images placed.
  private mutating func writeAlbum(
    _ album: Album, trail: [Album], site: Site, photos built: Site, plan: inout OutputPlan,
    feed: inout FeedStream?, parts: inout PartWriter, folder: inout StagingFolder, written: inout Written
  ) {
    // Its own photos' jobs, and those of the photos its page shows of other
    // albums: its child albums' covers, and the site's (the link preview).
    let own = built.photos.keys.sorted().compactMap { built.photos[$0] }
    var shown =
      album.albums.compactMap(\.coverItem) + [album.coverItem, site.albums.first?.coverItem].compactMap { $0 }
    shown = shown.filter { built.photos[$0.photo.id] == nil }
    var covers: [String: Photo] = [:]
    for item in shown { covers[item.photo.id] = item.photo }
    let jobs = jobs(for: own + covers.keys.sorted().compactMap { covers[$0] }, config: site.config)
    var colours: [String: String] = [:]
    for job in jobs { colours[job.photo.hash] = renders[job.photo.hash]?.placeholder }
    var albumSite = site
    albumSite.photos = built.photos
    albumSite.liveClips = built.liveClips
    let planner = OutputPlanner(site: albumSite, jobs: jobs)
    colours.merge(makeArchive(album, planner: planner, written: &written)) { colour, _ in colour }
    planner.plan(album: album, trail: trail, into: &plan)
    if (trail + [album]).allSatisfy(\.listed) { feed?.add(album, planner: planner) }
    pipeline.handingOn(plan.pageCount)
    parts.render(plan.handOn(), colours: colours, into: &folder)
    pipeline.holdingFolders(folder.foldersHeld)
    guard parts.succeeded else { return }
    let videos = (built.photos.values.compactMap(VideoJob.init) + built.liveClips.values.compactMap(VideoJob.init))
      .map(\.output).filter(cache.has)
    do {
      try folder.place(jobs.prefix(own.count).flatMap(\.all) + videos, cache: cache)
    } catch {
      parts.fail(error)
    }
  }

  /// The image jobs of `photos`: each an album item's, which gets a link
  /// preview's copy when the site has a base URL (`SharedPhotos`).
  private func jobs(for photos: [Photo], config: SiteConfig) -> [ImageJob] {
    let share = !config.baseURL.isEmpty
    return DerivativePlanner.plan(photos, config: config) { _ in share }
  }

  /// The album's zip made, when it gets one; its size by its hash, as pages
  /// name it (`ArchiveLink`).
  private mutating func makeArchive(_ album: Album, planner: OutputPlanner, written: inout Written)
    -> [String: String]
  {
    guard let job = planner.archive(of: album) else { return [:] }
    let (cache, force) = (cache, options.force)
    let result = run.stage("archives") {
      let result = ArchiveMaker(cache: cache, force: force).make([job])
      return (result, result.diagnostics)
    }
    written.archives += result.ready
    written.archivesMade += result.made
    return result.sizes
  }

  /// Write: the staging folder swapped in, with the zips; then the cache's
  /// upkeep, with what the albums placed.
  private mutating func install(_ staged: inout StagingFolder, written: Written, output: OutputOwner)
    -> BuildReport
  {
    run.report.pagesRendered = written.pages
    run.report.pages = written.pages
    let (pageCount, pageBytes, placed) = (staged.manifest.files.count, staged.bytes, staged.placed)
    let pipeline = pipeline
    let result = run.stage("write") {
      pipeline.install(&staged, derivatives: [], archives: written.archives, output: output)
    }
    // The manifests (this site's and the last one's) are let go before the
    // cache is listed for pruning.
    staged = StagingFolder(root: "", output: "", previous: OutputManifest(), fileSystem: pipeline.fileSystem)
    guard let result else { return run.failed() }
    run.report.changedFiles = result.changedFiles
    run.report.outputUnchanged = result.unchanged
    options.written?()
    let (cache, indexed) = (cache, indexed)
    run.report.derivativesPruned = run.stage("cache") {
      let pruned =
        cache.prune(keepingHashes: placed.names)
        + cache.pruneArchives(keeping: Set(written.archives.map(\.fileName)))
        + cache.prunePosters(keeping: written.posters)
      cache.pruneIndex(keepingFolders: indexed)
      return (pruned, [])
    }
    run.report.archivesMade = written.archivesMade
    run.report.count(
      pages: pageCount, pageBytes: pageBytes, derivatives: [], archives: written.archives, cache: cache, bytes: true)
    run.report.files += placed.names.count
    run.report.bytes += placed.bytes
    return run.succeeded()
  }
}
