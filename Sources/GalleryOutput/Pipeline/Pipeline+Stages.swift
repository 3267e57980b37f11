import Foundation
import GalleryCore
import GalleryImages

/// The stages between Load and the cache's upkeep, each one call.
extension Pipeline {
  /// Load: the site's files, with photo headers reused from the cache's index
  /// (unless `--force`).
  /// A live site keeps the photo index in memory, and reuses the photos it
  /// loaded while its snapshot (`BuildOptions.inputs`) shows the same files
  /// in content/photos/: an edit of a data file reads only the data files.
  package func load(_ options: BuildOptions, cache: DerivativeCache) -> (SiteSource, PhotoIndex) {
    let live = options.force ? nil : options.target.live
    let index = options.force ? PhotoIndex() : live?.photoIndex.current ?? cache.loadIndex()
    var loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: metadata, index: index, video: video)
    let photoFiles = options.inputs.map { inputs in
      let folder = Path.join(options.siteRoot, "content/photos") + "/"
      return inputs.filter { $0.key.hasPrefix(folder) }
    }
    if let live, let photoFiles, let known = live.photos.current, known.files == photoFiles {
      loader.knownPhotos = known.loaded
    }
    let source = loader.load(root: options.siteRoot)
    if let live, let photoFiles, let loaded = source.loadedPhotos { live.photos.set((photoFiles, loaded)) }
    return (source, index)
  }

  /// Load for a previewed folder: its photos, with headers reused from the
  /// cache's index (even with `--force`, which for `preview` is about the
  /// output folder; derivatives are still remade).
  package func load(folder: String, cache: DerivativeCache) -> (SiteSource, PhotoIndex) {
    let index = cache.loadIndex()
    return (previewSource(index: index).load(folder: folder), index)
  }

  /// The loader of a previewed folder, with this pipeline's edges.
  func previewSource(index: PhotoIndex) -> PreviewSource {
    PreviewSource(fileSystem: fileSystem, codec: codec, metadata: metadata, index: index, video: video)
  }

  /// Model: the validated site, with `--base-url` applied (the command line
  /// has checked it with `SiteConfig.baseURL`).
  package func model(_ source: SiteSource, options: BuildOptions) -> (Site, [Diagnostic]) {
    var (site, diagnostics) = SiteBuilder(now: now()).build(source)
    if let baseURL = options.baseURL { site.config.baseURL = SiteConfig.baseURL(baseURL) ?? baseURL }
    return (site, diagnostics)
  }

  /// What the Images stage did: placeholder colours by photo hash, and which
  /// jobs have every derivative in the cache (all of them, unless deferred).
  struct Images {
    var placeholders: [String: String]
    var ready: [ImageJob]
    var pending: [ImageJob]
    var processed: Int
    var reused: Int
    var undecodable: [String]
    /// Its warnings are only the decoder's about photos' bytes, kept with
    /// their derivatives and said again on reuse (`StageRun.fromInputs`).
    var fromInputs: Bool
  }

  /// Images: every missing derivative made in the cache. A live site that
  /// defers images (`preview`) makes none here: jobs not yet in the cache are
  /// left pending, for the background.
  func processImages(_ jobs: [ImageJob], options: BuildOptions, cache: DerivativeCache) -> (Images, [Diagnostic]) {
    var ready = jobs
    var pending: [ImageJob] = []
    if options.target.live?.defersImages == true {
      let known = cache.loadRenders()
      ready = jobs.filter { job in known[job.photo.hash] != nil && job.all.allSatisfy(cache.has) }
      let readyIDs = Set(ready.map(\.photo.id))
      pending = jobs.filter { !readyIDs.contains($0.photo.id) }
    }
    var processor = ImageProcessor(codec: codec, cache: cache, force: options.force)
    processor.video = video
    processor.progress = options.progress
    processor.known = options.target.live?.cache
    let result = processor.process(ready)
    let images = Images(
      placeholders: result.placeholders, ready: ready, pending: pending, processed: result.processed,
      reused: result.reused, undecodable: result.undecodable,
      fromInputs: result.failures.isEmpty && !result.rendersUnsaved)
    return (images, result.diagnostics)
  }

  /// Videos: every clip's web video that the cache lacks, made by ffmpeg. A
  /// previewed folder's clip that cannot be made is a warning.
  func makeVideos(_ jobs: [VideoJob], options: BuildOptions, cache: DerivativeCache, leavesOut: Bool)
    -> (VideoMaker.Result, [Diagnostic])
  {
    // A preview's pages come first: clips not yet made are left for the
    // background (`DeferredVideos`), and their pages fill in when they are.
    if options.target.live?.defersImages == true {
      var result = VideoMaker.Result()
      for job in jobs {
        if cache.has(job.output) { result.ready.append(job.output) } else { result.pending.append(job) }
      }
      return (result, [])
    }
    var maker = VideoMaker(tool: video, cache: cache, force: options.force)
    maker.failuresAreWarnings = leavesOut
    maker.progress = options.videoProgress
    let result = maker.make(jobs)
    return (result, result.diagnostics)
  }

  /// The albums' zips, each made in the cache once per content. None when
  /// the Images stage failed (the build fails), and while images are
  /// deferred (`preview`) only those whose copies are all made.
  func makeArchives(
    _ jobs: [ArchiveJob], images: Images, options: BuildOptions, cache: DerivativeCache, skip: Bool
  ) -> (ArchiveMaker.Result, [Diagnostic]) {
    guard !skip else { return (ArchiveMaker.Result(), []) }
    var jobs = jobs
    if !images.pending.isEmpty {
      let made = Set(images.ready.flatMap(\.all))
      jobs = jobs.filter { job in
        job.members.allSatisfy { member in
          if case .derivative(let derivative) = member.source { return made.contains(derivative) }
          return true
        }
      }
    }
    let result = ArchiveMaker(cache: cache, force: options.force).make(jobs)
    return (result, result.diagnostics)
  }

  /// Render, first part: the site's templates over the theme, compiled (a
  /// live site's only when they changed), so their problems are reported
  /// before anything is rendered, even when the input is broken.
  package func renderer(site: Site, options: BuildOptions) -> (PageRenderer, [Diagnostic]) {
    let live = options.target.live
    let compile = { PageRenderer.prepare(theme: .merged(site: site.templates)) }
    var (renderer, diagnostics) = live?.pages.renderer(site: site.templates, compile: compile) ?? compile()
    renderer.bodySuffix = live?.bodySuffix ?? ""
    return (renderer, diagnostics)
  }

  /// Render for a live site: every page, the sitemap and the assets at once,
  /// pages rendered by an earlier rebuild from the same template and view
  /// model reused.
  func renderAll(_ plan: OutputPlan, renderer: PageRenderer, colours: [String: String], live: LiveState)
    -> ((files: [OutputFile], rendered: Int), [Diagnostic])
  {
    let (files, problems, rendered) = renderer.render(plan, colours: colours, known: live.pages)
    return ((files, rendered), problems)
  }
}
