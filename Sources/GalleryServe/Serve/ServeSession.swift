import Foundation
import GalleryCore
import GalleryOutput

/// `serve` assembled: builds the site into its own folder, watches content/
/// and templates/, rebuilds on every edit and reloads the open tabs, and
/// serves it (with the edit forms, unless they are off) until stopped.
public enum ServeSession {
  /// Runs the session until SIGINT or SIGTERM with the edges the executable
  /// made; `report` gets everything to print. False when it could not serve:
  /// the folder has no content/, or the server cannot listen.
  public static func run(
    _ settings: ServeSettings, fileSystem: FileSystem, codec: ImageCodec, metadata: MetadataReader,
    video: VideoTool? = nil, report: @escaping @Sendable (SessionMessage) -> Void
  ) async -> Bool {
    let root = settings.siteRoot
    var options = BuildOptions(siteRoot: root, output: root + "/.cache/catgallery/serve")
    if !settings.quiet {
      options.progress = { report(.progress($0)) }
      options.videoProgress = { report(.videoProgress($0)) }
    }
    let live = LiveSite(
      builder: Pipeline(fileSystem: fileSystem, codec: codec, metadata: metadata, video: video), options: options,
      editing: settings.editing)
    if let crash = settings.previousCrash {
      await live.hub.showErrors(DiagnosticPrinter.lines([.error(crash)]))
    } else {
      let first = live.build()
      report(.diagnostics(first.diagnostics))
      if !first.succeeded {
        if !fileSystem.exists(root + "/content") { return false }
        report(
          .diagnostics([.note("the site does not build yet; fix the errors above and it will reload")]))
        await live.hub.showErrors(DiagnosticPrinter.lines(first.diagnostics))
      }
    }
    let rebuilt = reporter(settings, report: report)
    let watcher = Watcher(folders: [root + "/content", root + "/templates"], fileSystem: fileSystem) {
      let start = Date()
      live.rebuild { rebuilt(start, $0) }
    }
    watcher.start()
    defer { watcher.stop() }
    var http = DevServer(
      folder: options.output, host: settings.server.host, port: settings.server.port, hub: live.hub,
      fileSystem: fileSystem)
    http.readTimeout = settings.server.readTimeout
    if settings.editing {
      http = http.editing(live, codec: codec, allowingKeyHosts: settings.keyHosts, report: rebuilt)
    } else if !settings.quiet {
      report(.status("editing is off: \(settings.server.host) is not a loopback address (--allow-edit turns it on)"))
    }
    return await http.serve(announcing: "serving \(root)", report: report)
  }

  /// What a rebuild started at a time says: its diagnostics, then how long
  /// it took and what it did, or that the last good site is still served.
  package static func reporter(_ settings: ServeSettings, report: @escaping @Sendable (SessionMessage) -> Void)
    -> @Sendable (_ started: Date, BuildReport) -> Void
  {
    let quiet = settings.quiet
    let verbose = settings.verbose
    return { start, result in
      report(.diagnostics(result.diagnostics))
      if result.succeeded, !quiet {
        report(
          .status(
            String(
              format: "rebuilt in %.0f ms: %d pages rendered, %d files changed, %d images processed",
              Date().timeIntervalSince(start) * 1000, result.pagesRendered, result.changedFiles,
              result.imagesProcessed)))
        if verbose { report(.timings(result)) }
      } else if !result.succeeded {
        report(.diagnostics([.note("rebuild failed; still serving the last good site")]))
      }
    }
  }
}
