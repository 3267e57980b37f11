import Foundation
import GalleryCore
import GalleryImages

/// A previewed folder's staged build (`preview --build-to`), album by album
/// (issue 24): memory holds one folder's photos, items, jobs and pages at a
/// time, and of the others what the pages around them need (`Album.summarized`).
///
/// 1. What every album needs is read first (`PreviewSource.scan`).
/// 2. Each folder, below ones first, is loaded (its shard of the photo index),
///    modelled with its child albums summed up, its images and clips made; then
///    summed up and let go.
/// 3. Each album, in the order of the site's pages, is loaded and modelled
///    again (from the index just saved: no photo is read twice), its zip made,
///    and its pages planned, rendered and written with its images.
/// The pages and the output are those the whole folder loaded at once makes.
extension Pipeline {
  /// Nil when two pages' paths clash (`HandedPages.clash`).
  func buildAlbumByAlbum(_ folder: String, options: BuildOptions, output: OutputOwner, clock: StageClock)
    -> BuildReport?
  {
    var build = AlbumByAlbum(pipeline: self, options: options, cache: output.cache, clock: clock)
    let preview = previewSource(index: PhotoIndex())
    let scan = build.run.clock.time("load") { preview.scan(folder: folder) }
    guard let summed = build.summarize(scan, preview: preview) else { return build.run.failed() }
    // What the Images stage and the folders' photos left behind goes back
    // before the pages are made.
    releaseMemory()
    return build.write(summed, scan: scan, preview: preview, output: output)
  }
}

/// The state of `buildAlbumByAlbum` between its folders.
struct AlbumByAlbum {
  let pipeline: Pipeline
  let options: BuildOptions
  let cache: DerivativeCache
  var run: StageRun
  /// The settings, read once, with `--base-url` (none for a preview).
  var config = SiteConfig()
  /// The photos an `index.md` names as its cover from below its own folder.
  var named: Set<String> = []
  /// Placeholder colours and decoder warnings by source hash, kept across the
  /// albums and saved once (`saveRenders`).
  var renders = RenderStore()
  /// Folders with photos, whose shards of the photo index are kept.
  var indexed: Set<String> = []
  var unprobed = 0
  /// Why the photos that cannot be decoded cannot, by source hash: a folder
  /// loaded leaves them out.
  var undecodable: [String: String] = [:]
  /// The Images stage learnt colours or failures to save (`saveRenders`).
  var learnt = false
  /// Photos made so far, for the progress line.
  var progressed = (done: 0, skipped: 0, total: 0, start: DispatchTime.now().uptimeNanoseconds)

  init(pipeline: Pipeline, options: BuildOptions, cache: DerivativeCache, clock: StageClock) {
    self.pipeline = pipeline
    self.options = options
    self.cache = cache
    run = StageRun(clock: clock)
  }

  /// The folder tree summed up, as its pages show it.
  struct Summed {
    /// The root album, summed up, its paths set; nil when the folder shows nothing.
    var root: Album?
    /// The settings with the root's title and description.
    var config: SiteConfig
    /// Each folder as `scan` read it, by its path.
    var folders: [String: FolderSource]
  }

  // MARK: - Load, Model, Plan (work), Images and Videos, below ones first

  /// Every folder built and summed up; nil when the build stops here (errors,
  /// or warnings under `--strict`).
  mutating func summarize(_ scan: PreviewSource.Scan, preview: PreviewSource) -> Summed? {
    var collector = DiagnosticCollector()
    config = SiteConfig.read(scan.source.config, defaults: scan.source.configDefaults, diagnostics: &collector)
    if let baseURL = options.baseURL { config.baseURL = SiteConfig.baseURL(baseURL) ?? baseURL }
    named = SiteBuilder.namedCovers(in: scan.tree)
    run.add(scan.source.diagnostics + collector.list, fromInputs: true)
    let unprobedAt = run.diagnostics.count
    renders = RenderStore(options.force ? [:] : cache.loadRenders())
    undecodable = renders.undecodable
    migrateIndex()
    progressed.total = scan.photoCount
    progressed.start = DispatchTime.now().uptimeNanoseconds
    var rootConfig = config
    var root = summarize(scan.tree, scan: scan, preview: preview, rootConfig: &rootConfig)
    if let warning = preview.unprobedWarning(count: unprobed, scan: scan) {
      run.diagnostics.insert(warning, at: unprobedAt)
    }
    if progressed.done > 0 {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - progressed.start) / 1e9
      options.progress?(BuildProgress(done: progressed.done, total: progressed.done, elapsed: elapsed))
    }
    if learnt { saveRenders() }
    guard !run.diagnostics.hasErrors, !(options.strict && !run.diagnostics.isEmpty) else { return nil }
    root?.assignPaths(below: "")
    let folders = Dictionary(uniqueKeysWithValues: scan.tree.allFolders.map { ($0.relativePath, $0) })
    return Summed(root: root, config: rootConfig, folders: folders)
  }

  /// `folder`'s album summed up, after every album below it; nil when it shows nothing.
  private mutating func summarize(
    _ folder: FolderSource, scan: PreviewSource.Scan, preview: PreviewSource, rootConfig: inout SiteConfig
  ) -> Album? {
    guard !folder.nomedia else { return nil }
    var summaries: [String: Album] = [:]
    for child in folder.folders {
      summaries[child.relativePath] = summarize(child, scan: scan, preview: preview, rootConfig: &rootConfig)
    }
    guard let (site, part) = model(folder, summaries: summaries, scan: scan, preview: preview, saving: true)
    else { return nil }
    if folder.relativePath.isEmpty { rootConfig = site.config }
    unprobed += part.unprobed
    let work = run.stage("plan") { (OutputPlanner.work(site), []) }
    makeImages(work.jobs)
    makeVideos(work.videos)
    return site.albums.first?.summarized(folder: folder.relativePath, named: named)
  }

  /// Load and Model of one folder, with its child albums summed up; its
  /// shard of the photo index saved when `saving` and it changed. Nil when
  /// it shows nothing.
  mutating func model(
    _ folder: FolderSource, summaries: [String: Album], scan: PreviewSource.Scan, preview: PreviewSource,
    saving: Bool
  ) -> (Site, PreviewSource.Part)? {
    let (cache, undecodable) = (cache, undecodable)
    let part = run.clock.time("load") {
      var index = cache.loadIndex(folder: folder.relativePath)
      index.undecodable = undecodable
      let part = preview.load(folder, scan: scan, index: index)
      return (part, index)
    }
    if saving {
      let start = DispatchTime.now().uptimeNanoseconds
      let problems = keepIndex(part.1, photos: part.0.source.photos, folder: folder)
      run.clock.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, to: "index")
      run.add(problems, fromInputs: false)
    }
    var builder = SiteBuilder(now: pipeline.now())
    builder.summaries = summaries
    builder.config = config
    let (site, problems) = run.clock.time("model") { builder.build(part.0.source) }
    if saving { run.add(problems, fromInputs: true) }
    guard !site.albums.isEmpty else { return nil }
    return (site, part.0)
  }

  /// A cache from before the photo index was kept a folder at a time has
  /// it in one file: moved into folders once (`save(index:previous:)`), so
  /// that no photo is read again for it.
  private mutating func migrateIndex() {
    let fileSystem = cache.fileSystem
    guard !fileSystem.isDirectory(cache.indexFolder), fileSystem.exists(cache.indexFile) else { return }
    do {
      try cache.save(index: cache.loadIndex(), previous: nil)
    } catch {
      run.add([cache.unsaved(cache.indexFolder, "the photo index", error)], fromInputs: false)
    }
  }

  /// The folder's shard of the photo index saved when it changed.
  private mutating func keepIndex(_ loaded: PhotoIndex, photos: [PhotoFile], folder: FolderSource) -> [Diagnostic] {
    let index = PhotoIndex.from(photos)
    if !index.entries.isEmpty { indexed.insert(folder.relativePath) }
    guard index != loaded else { return [] }
    do {
      try cache.save(shard: index, folder: folder.relativePath)
      return []
    } catch {
      return [cache.unsaved(cache.indexFile(folder: folder.relativePath), "the photo index", error)]
    }
  }

  /// Images: the album's missing derivatives made, its placeholder colours
  /// and decoder warnings kept with the others'.
  private mutating func makeImages(_ jobs: [ImageJob]) {
    var processor = ImageProcessor(codec: pipeline.codec, cache: cache, force: options.force)
    processor.video = pipeline.video
    processor.given = renders.records(for: jobs.map(\.photo.hash))
    let (progress, before, count) = (options.progress, progressed, jobs.count)
    let start = progressed.start
    let told = Locked(0)
    if let progress {
      processor.progress = { album in
        told.set(album.done)
        // This album's photos with nothing to make are counted off the total.
        let done = before.done + album.done
        let total = before.total - before.skipped - (count - album.total)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        progress(BuildProgress(done: done, total: max(total, done), elapsed: elapsed))
      }
    }
    let result = run.clock.time("images") { processor.process(jobs) }
    progressed.done += told.current
    progressed.skipped += jobs.count - told.current
    learnt = learnt || result.learnt
    renders.merge(result.renders)
    for (hash, rendered) in result.renders { if let failure = rendered.failure { undecodable[hash] = failure } }
    run.add(result.diagnostics, fromInputs: result.failures.isEmpty)
    run.report.imagesProcessed += result.processed
    run.report.imagesReused += result.reused
    run.report.undecodable += result.undecodable
  }

  /// What the Images stage learnt, saved once for every album. Unsaved, the
  /// build stands, and its warnings can only be told by building again.
  private mutating func saveRenders() {
    let (cache, renders) = (cache, renders)
    do {
      try run.clock.time("images") { try cache.save(renders: renders) }
    } catch {
      run.add([cache.unsaved(cache.placeholderFile, "the photos' placeholder colours", error)], fromInputs: false)
    }
  }

  /// Videos: the album's clips' web videos that the cache lacks.
  private mutating func makeVideos(_ jobs: [VideoJob]) {
    guard !jobs.isEmpty else { return }
    let (options, cache, pipeline) = (options, cache, pipeline)
    let result = run.stage("videos") {
      pipeline.makeVideos(jobs, options: options, cache: cache, leavesOut: true)
    }
    run.report.pendingVideos += result.pending
  }
}
