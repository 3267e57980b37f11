import Foundation
import GalleryCore
import GalleryImages

/// Runs a build: Load → Model → Plan → Images → Render → Write, each stage one
/// call, each timed for `--verbose`. Edges (files, images, metadata, clock) come
/// in from outside so tests can replace them.
public struct Pipeline: Sendable {
  package let fileSystem: FileSystem
  package let codec: ImageCodec
  package let metadata: MetadataReader
  /// ffprobe and ffmpeg, for videos; nil: videos are left out with a warning.
  package let video: VideoTool?
  /// The day cats' ages count from.
  package let now: @Sendable () -> Date
  /// The wall clock the no-change short cut compares modification times with.
  let clock: @Sendable () -> Date
  /// The running program: a rebuilt one defeats the no-change short cut. Nil
  /// when unknown (tests), and then only `Version.current` stands for it.
  package let program: ProgramIdentity?
  /// Called between the stages of a staged build, once a stage's data is let
  /// go: hands freed memory back (`FreedMemory`). Tests count the calls.
  package var releaseMemory: @Sendable () -> Void = FreedMemory.release
  /// Called as a staged build hands each album's pages on to be rendered
  /// (`stream`), with the number of pages planned so far: tests compare it
  /// with the pages written, which trail it by one album at most.
  package var handingOn: @Sendable (Int) -> Void = { _ in }
  /// How many folders a staged build's staging folder remembers
  /// (`StagingFolder.folderLimit`): tests make it small.
  package var folderLimit = StagingFolder.defaultFolderLimit
  /// Called with how many folders the staging folder remembers
  /// (`StagingFolder.foldersHeld`) once each album's pages are written
  /// (`stream`): tests check that it stays bounded.
  package var holdingFolders: @Sendable (Int) -> Void = { _ in }

  public init(
    fileSystem: FileSystem, codec: ImageCodec, metadata: MetadataReader, video: VideoTool? = nil,
    now: @escaping @Sendable () -> Date = Date.init,
    clock: @escaping @Sendable () -> Date = Date.init, program: ProgramIdentity? = nil
  ) {
    self.fileSystem = fileSystem
    self.codec = codec
    self.metadata = metadata
    self.video = video
    self.now = now
    self.clock = clock
    self.program = program
  }

  /// Builds the site under `options.siteRoot` from its content/ and templates/.
  public func build(_ options: BuildOptions) -> BuildReport {
    guard fileSystem.isDirectory(options.siteRoot + "/content") else {
      return BuildReport(failure: [.error("no content/ folder in \(options.siteRoot) (use --site to point at a site)")])
    }
    // A fetch killed during its commit is finished first, so the build reads
    // the content before that fetch or after it, never half of each.
    let fetchProblems = FetchJournal.finishInterrupted(root: options.siteRoot, fileSystem: fileSystem) {
      options.notice?($0)
    }
    guard !fetchProblems.hasErrors else { return BuildReport(failure: fetchProblems) }
    if options.target.live == nil { FreedMemory.promptly() }
    return withOutput(options) { output in
      unlessUnchanged(options, output: output, inputs: { siteInputs(options) }) { clock in
        let (source, index) = clock.time("load") { load(options, cache: output.cache) }
        return stages(consume source, index: consume index, options: options, output: output, clock: clock)
      }
    }
  }

  /// Builds a plain folder of photos (`preview --build-to`): loaded as
  /// `load(folder:cache:)` does, and not even loaded when none of its files
  /// changed since the last clean build to the same output.
  package func build(folder: String, options: BuildOptions) -> BuildReport {
    if options.target.live == nil { FreedMemory.promptly() }
    return withOutput(options) { output in
      unlessUnchanged(options, output: output, inputs: { folderInputs(folder) }) { clock in
        // Staged, album by album, unless two pages clash: the folder loaded
        // whole then names them (`OutputPlan.pathCollisions`).
        if options.target.live == nil,
          let report = buildAlbumByAlbum(folder, options: options, output: output, clock: clock)
        {
          return report
        }
        let (source, index) = clock.time("load") { load(folder: folder, cache: output.cache) }
        return stages(consume source, index: consume index, options: options, output: output, clock: clock)
      }
    }
  }

  /// Builds a source that is already loaded (tests, and `serve`'s live site).
  package func build(_ source: SiteSource, options: BuildOptions) -> BuildReport {
    withOutput(options) { stages(source, index: nil, options: options, output: $0, clock: StageClock()) }
  }

  package func cache(_ options: BuildOptions) -> DerivativeCache {
    DerivativeCache(folder: options.cacheFolder ?? options.siteRoot + "/.cache/catgallery", fileSystem: fileSystem)
  }

  /// Model → Plan → Images (and the albums' zips) → Render → Write. `index` is the photo index the
  /// source was loaded with; it is saved again only when it changed. A staged build lets both go
  /// once they are used, so they are not held beside the plan and the pages (issue 24).
  private func stages(
    _ source: consuming SiteSource, index: consuming PhotoIndex?, options: BuildOptions, output: OutputOwner,
    clock: StageClock
  ) -> BuildReport {
    var run = StageRun(clock: clock)
    let live = options.target.live
    let cache = output.cache
    // A staged build saves the photo index first, while it holds little but
    // the source: encoded at the end, beside the site, the plan and the
    // pages, it was the peak of a large preview's memory. Its warnings are
    // reported with the cache's upkeep, as before; its time is `index`. A
    // live site saves it after its tabs are told (`keepCache`).
    let indexProblems = live == nil ? run.clock.time("index") { keepIndex(source, index: index, cache: cache) } : []
    if live == nil { index = nil }
    let site = run.stage("model") { model(source, options: options) }
    let leavesOut = source.folder != nil
    // Only a live site needs the source after the Model stage (`keepCache`);
    // the site holds what it needs of it.
    let kept: SiteSource? = live == nil ? nil : source
    _ = consume source
    // Photos are still processed when other input is broken: every bad image is
    // reported in the same run, and the cache is warm once the input is fixed.
    let inputBroken = run.diagnostics.hasErrors
    // A staged build plans its pages as it renders them, album by album
    // (`stream`): here only the work the Images stage needs.
    let plan = run.stage("plan") {
      let plan =
        live == nil
        ? OutputPlanner.work(site) : OutputPlanner.plan(site, known: live?.jobs, editing: live?.editing ?? false)
      return (plan, plan.diagnostics)
    }
    let planned = run.diagnostics.count
    // What Load and Model made and let go is handed back before the images
    // are made, what the Images stage made before the pages render (issue 24).
    if live == nil { releaseMemory() }
    let (images, imageProblems) = run.clock.time("images") {
      processImages(plan.jobs, options: options, cache: cache)
    }
    run.add(imageProblems, fromInputs: images.fromInputs)
    if live == nil { releaseMemory() }
    run.report.imagesProcessed = images.processed
    run.report.imagesReused = images.reused
    run.report.pendingJobs = images.pending
    run.report.undecodable = images.undecodable
    let videos =
      plan.videos.isEmpty
      ? VideoMaker.Result()
      : run.stage("videos") { makeVideos(plan.videos, options: options, cache: cache, leavesOut: leavesOut) }
    run.report.pendingVideos = videos.pending
    let imagesFailed = run.diagnostics.hasErrors
    // A stage of its own only for a site that makes zips.
    let archives =
      plan.archives.isEmpty
      ? ArchiveMaker.Result()
      : run.stage("archives") {
        makeArchives(plan.archives, images: images, options: options, cache: cache, skip: imagesFailed)
      }
    // A zip's size is known once it is made; pages name it by hash, as they
    // name placeholder colours (`ArchiveLink`).
    let colours = images.placeholders.merging(archives.sizes) { colour, _ in colour }
    let renderer = run.stage("render") { self.renderer(site: site, options: options) }
    var files: [OutputFile] = []
    if let live, !inputBroken, !run.diagnostics.hasErrors {
      let all = run.stage("render") { renderAll(plan, renderer: renderer, colours: colours, live: live) }
      (files, run.report.pagesRendered) = (all.files, all.rendered)
    }
    guard !run.diagnostics.hasErrors, !(options.strict && !run.diagnostics.isEmpty) else { return run.failed() }
    var pageCount = 0
    var pageBytes = 0
    let written: OutputOwner.Written?
    let derivatives: [Derivative]
    if live != nil {
      // Timed on its own, so `--verbose` and the search bench can tell what the index costs.
      let searchFiles = run.stage("search") { (plan.searchIndex(known: live?.searchTerms), []) }
      pageCount = files.count + searchFiles.count
      pageBytes = (files + searchFiles).reduce(0) { $0 + $1.data.count }
      derivatives = images.ready.flatMap(\.all) + videos.ready
      written = run.stage("write") {
        update(files + searchFiles, derivatives: derivatives, archives: archives.ready, output: output)
      }
    } else {
      // Pages are planned, rendered and written to the staging folder album
      // by album, a batch at a time: memory holds an album's pages, never
      // the site's (issue 24). The Plan stage's problems are found as its
      // pages are planned, and told where it would have told them.
      var streamed = run.stage("render") {
        stream(site, jobs: plan.jobs, renderer: renderer, colours: colours, output: output)
      }
      run.clock.add(-streamed.searchSeconds, to: "render")
      run.clock.add(streamed.searchSeconds, to: "search")
      run.diagnostics.insert(contentsOf: streamed.planProblems, at: planned)
      guard var staged = streamed.folder else { return run.failed() }
      guard !run.diagnostics.hasErrors, !(options.strict && !run.diagnostics.isEmpty) else {
        try? fileSystem.remove(staged.root)
        return run.failed()
      }
      streamed.folder = nil
      run.report.pagesRendered = streamed.pages
      (pageCount, pageBytes) = (staged.manifest.files.count, staged.bytes)
      releaseMemory()
      // Listed only now, not held beside the pages as they render.
      derivatives = images.ready.flatMap(\.all) + videos.ready
      written = run.stage("write") {
        install(&staged, derivatives: derivatives, archives: archives.ready, output: output)
      }
    }
    guard let written else { return run.failed() }
    run.report.changedFiles = written.changedFiles
    run.report.outputUnchanged = written.unchanged
    live?.latest.set(LiveSnapshot(site: site, jobs: plan.jobs))
    options.written?()
    run.add(indexProblems, fromInputs: false)
    run.report.derivativesPruned = run.stage("cache") {
      keepCache(
        kept, index: index, derivatives: derivatives, archives: plan.archives, jobs: plan.jobs, options: options,
        cache: cache)
    }
    run.report.pages = live == nil ? run.report.pagesRendered : plan.pages.count
    run.report.archivesMade = archives.made
    run.report.count(
      pages: pageCount, pageBytes: pageBytes, derivatives: derivatives, archives: archives.ready, cache: cache,
      bytes: live == nil)
    return run.succeeded()
  }
}
