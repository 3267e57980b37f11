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
    withOutput(options) { output in
      unlessUnchanged(options, output: output, inputs: { folderInputs(folder) }) { clock in
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
    var plan = run.stage("plan") {
      let plan = OutputPlanner.plan(site, known: live?.jobs, editing: live?.editing ?? false)
      return (plan, plan.diagnostics)
    }
    // What Load and Model made and let go is handed back before the images
    // are made, what the Images stage made before the pages render (issue 24).
    if live == nil { releaseMemory() }
    let images = run.stage("images") { processImages(plan.jobs, options: options, cache: cache) }
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
    // Timed on its own, so `--verbose` and the search bench can tell what the index costs.
    // A staged build lets the plan's search entries go once they are indexed.
    var searchFiles = run.stage("search") {
      (live == nil ? plan.takeSearchIndex() : plan.searchIndex(known: live?.searchTerms), [])
    }

    var pageCount = files.count + searchFiles.count
    var pageBytes = (files + searchFiles).reduce(0) { $0 + $1.data.count }
    let written: OutputOwner.Written?
    let derivatives: [Derivative]
    if live != nil {
      derivatives = images.ready.flatMap(\.all) + videos.ready
      written = run.stage("write") {
        update(files + searchFiles, derivatives: derivatives, archives: archives.ready, output: output)
      }
    } else {
      // Pages go to the staging folder as they are rendered, a batch at a
      // time: memory holds a batch of pages, never the site. The search
      // index goes first, and is let go before the pages render.
      guard
        var staged = run.stage(
          "render", { stream(plan, renderer: renderer, colours: colours, extra: &searchFiles, output: output) })
      else { return run.failed() }
      run.report.pagesRendered = plan.pages.count
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
    run.diagnostics += indexProblems
    run.report.derivativesPruned = run.stage("cache") {
      keepCache(
        kept, index: index, derivatives: derivatives, archives: plan.archives, options: options,
        cache: cache)
    }
    run.report.pages = plan.pages.count
    run.report.archivesMade = archives.made
    run.report.count(
      pages: pageCount, pageBytes: pageBytes, derivatives: derivatives, archives: archives.ready, cache: cache,
      bytes: live == nil)
    return run.succeeded()
  }
}
