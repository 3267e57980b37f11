import Foundation
import GalleryCore
import GalleryImages
import GalleryOutput

/// `preview` assembled: a folder of photos loaded as a site into a workspace
/// in the cache, either written once to a folder or served at once with its
/// thumbnails made in the background (and any one on request), rebuilt when
/// the folder changes.
public enum PreviewSession {
  /// Builds or serves, as `settings.buildTo` says, with the edges the
  /// executable made (`program` is the running program, whose rebuild
  /// defeats the no-change short cut); `report` gets everything to print.
  /// False on failure: the folder is missing, the build failed, or the
  /// server cannot listen.
  public static func run(
    _ settings: PreviewSettings, fileSystem: FileSystem, codec: ImageCodec, metadata: MetadataReader,
    video: VideoTool? = nil, program: ProgramIdentity? = nil, report: @escaping @Sendable (SessionMessage) -> Void
  ) async -> Bool {
    let directory = settings.directory
    guard fileSystem.isDirectory(directory) else {
      report(.diagnostics([.error("\(settings.folder) is not a folder")]))
      return false
    }
    let workspace = settings.workspace
    var options = BuildOptions(siteRoot: workspace, output: workspace + "/site")
    options.cacheFolder = workspace + "/cache"
    if !settings.quiet {
      options.progress = { report(.progress($0)) }
      options.videoProgress = { report(.videoProgress($0)) }
    }
    let builder = Pipeline(fileSystem: fileSystem, codec: codec, metadata: metadata, video: video, program: program)
    let cache = builder.cache(options)
    let source: @Sendable () -> SiteSource = { builder.load(folder: directory, cache: cache).0 }
    if let output = settings.buildTo {
      options.output = output
      options.readOnlyFolders = [directory]
      options.force = settings.force
      options.notice = { report(.diagnostics([.note($0)])) }
      var built = builder.build(folder: directory, options: options)
      // Only decoding tells a photo that cannot be decoded (a JPEG cut short
      // has a good header). The cache knows it now, so loaded again the
      // folder leaves it out with a warning; its other photos are all made.
      if !built.succeeded, !built.undecodable.isEmpty {
        built = builder.build(folder: directory, options: options)
      }
      report(.diagnostics(built.diagnostics))
      guard built.succeeded else { return false }
      if settings.verbose { report(.timings(built)) }
      if !settings.quiet {
        report(.status("built a gallery of \(built.pages) pages from \(directory) into \(output)"))
      }
      return true
    }
    return await serve(settings, options: options, builder: builder, source: source, report: report)
  }

  /// Serves the preview until stopped: pages at once, the photos without
  /// derivatives (at the start or added later) made in the background; once
  /// none is left, a rebuild gives pages their placeholder colours.
  private static func serve(
    _ settings: PreviewSettings, options: BuildOptions, builder: Pipeline, source: @escaping @Sendable () -> SiteSource,
    report: @escaping @Sendable (SessionMessage) -> Void
  ) async -> Bool {
    let directory = settings.directory
    let live = LiveSite(builder: builder, options: options, watched: [directory], defersImages: true, source: source)
    let first = live.build()
    report(.diagnostics(first.diagnostics))
    let cache = builder.cache(options)
    var processor = ImageProcessor(codec: builder.codec, cache: cache)
    processor.video = builder.video
    processor.progress = options.progress
    let pending = DeferredImages(processor: processor, cache: cache, output: options.output)
    let fill: @Sendable ([ImageJob]) -> Void = { jobs in
      pending.process(jobs) { result in
        report(.diagnostics(result.diagnostics))
        live.refresh()
      }
    }
    var maker = VideoMaker(tool: builder.video, cache: cache)
    maker.progress = options.videoProgress
    let clips = DeferredVideos(maker: maker)
    let fillVideos: @Sendable ([VideoJob]) -> Void = { jobs in
      clips.process(jobs) { result in
        report(.diagnostics(result.diagnostics))
        live.refresh()
      }
    }
    fill(first.pendingJobs)
    fillVideos(first.pendingVideos)
    let watcher = Watcher(folders: [directory], fileSystem: builder.fileSystem) {
      live.rebuild { rebuilt in
        report(.diagnostics(rebuilt.diagnostics))
        fill(rebuilt.pendingJobs)
        fillVideos(rebuilt.pendingVideos)
      }
    }
    watcher.start()
    defer { watcher.stop() }
    var http = DevServer(
      folder: options.output, host: settings.server.host, port: settings.server.port, hub: live.hub,
      fileSystem: builder.fileSystem)
    http.readTimeout = settings.server.readTimeout
    http.makeOnDemand = { pending.make($0) }
    return await http.serve(announcing: "previewing \(directory) (\(first.pages) pages)", report: report)
  }
}
