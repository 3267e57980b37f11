import ArgumentParser
import Foundation
import GalleryCore
import GalleryOutput
import GalleryServe

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Build the site, serve it, and rebuild and reload open tabs on every edit.",
    discussion: """
      Watches content/ and templates/. Pages are built into .cache/catgallery/serve in \
      the site folder with a live-reload script added; public/ is never touched. A \
      failing edit keeps the last good site served and shows its errors in the terminal \
      and over the open pages. The edit forms write a cat edit through to restdb \
      when site.yml names it (sources.restdb); nothing else uses the network. Ctrl-C stops.
      """
  )

  @OptionGroup var options: SiteOptions

  @OptionGroup var server: ServerOptions

  @OptionGroup var keyHosts: KeyHostOptions

  @Flag(
    name: .long,
    help: "Keep the edit forms on when --host is not a loopback address (anyone who can reach it can edit).")
  var allowEdit = false

  /// The forms that edit content/ are on for a loopback address, or when asked.
  var editing: Bool { DevServer.isLoopback(server.host) || allowEdit }

  func run() async throws {
    guard Supervisor.isWorker else {
      // A worker restarted after a crash must listen where the first one did.
      let port = server.port == 0 ? ServerOptions.freePort() : server.port
      let code = Supervisor.run(arguments: Array(CommandLine.arguments.dropFirst()) + ["--port", String(port)])
      throw ExitCode(code)
    }
    Supervisor.watchSupervisor()
    let root = options.siteRoot
    let codec = try Console.codec()
    var buildOptions = BuildOptions(siteRoot: root, output: root + "/.cache/catgallery/serve")
    buildOptions.progress = Console.progress(quiet: options.quiet)
    let live = LiveSite(
      builder: Pipeline(fileSystem: LocalFileSystem(), codec: codec), options: buildOptions, editing: editing)
    if let crash = Supervisor.previousCrash {
      // The input that crashed is still there: wait for the next edit.
      await live.hub.showErrors(["error: " + crash])
      try await serve(live, output: buildOptions.output, restarted: true)
      return
    }
    let first = live.build()
    Console.print(first.diagnostics)
    if !first.succeeded {
      if !LocalFileSystem().exists(root + "/content") { throw ExitCode.failure }
      Console.error("the site does not build yet; fix the errors above and it will reload")
      await live.hub.showErrors(first.diagnostics.sortedForPrinting().map(\.description))
    }
    try await serve(live, output: buildOptions.output, restarted: false)
  }

  /// Watches the site, rebuilds on every edit, and serves until Ctrl-C.
  private func serve(_ live: LiveSite, output: String, restarted: Bool) async throws {
    let root = options.siteRoot
    let quiet = options.quiet
    let verbose = options.verbose
    let report = { @Sendable (start: Date, report: BuildReport) in
      Console.print(report.diagnostics)
      if report.succeeded, !quiet {
        Console.out(
          String(
            format: "rebuilt in %.0f ms: %d pages rendered, %d files changed, %d images processed",
            Date().timeIntervalSince(start) * 1000, report.pagesRendered, report.changedFiles,
            report.imagesProcessed))
        if verbose { Console.timings(report) }
      } else if !report.succeeded {
        Console.error("rebuild failed; still serving the last good site")
      }
    }
    let watcher = Watcher(folders: [root + "/content", root + "/templates"]) {
      let start = Date()
      live.rebuild { report(start, $0) }
    }
    watcher.start()
    defer { watcher.stop() }
    var http = DevServer(folder: output, host: server.host, port: server.port, hub: live.hub)
    if editing {
      http = http.editing(live, codec: try Console.codec(), allowingKeyHosts: keyHosts.hosts, report: report)
    } else if !quiet {
      Console.out("editing is off: \(server.host) is not a loopback address (--allow-edit turns it on)")
    }
    var server = self.server
    if restarted { server.open = false }
    try await server.serve(http, message: "serving \(root)")
  }
}
