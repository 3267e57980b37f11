import ArgumentParser
import Foundation
import GalleryKit

struct Serve: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Build the site, serve it, and rebuild and reload open tabs on every edit.",
    discussion: """
      Watches content/ and templates/. Pages are built into .cache/catgallery/serve in \
      the site folder with a live-reload script added; public/ is never touched. A \
      failing edit keeps the last good site served and shows its errors in the terminal \
      and over the open pages. Ctrl-C stops.
      """
  )

  @OptionGroup var options: SiteOptions

  @OptionGroup var server: ServerOptions

  func run() async throws {
    let root = options.siteRoot
    let codec = try Console.codec()
    var buildOptions = BuildOptions(siteRoot: root, output: root + "/.cache/catgallery/serve")
    buildOptions.progress = Console.progress(quiet: options.quiet)
    buildOptions.ownsOutput = true
    let live = LiveSite(builder: Builder(fileSystem: LocalFileSystem(), codec: codec), options: buildOptions)
    let first = live.build()
    Console.print(first.diagnostics)
    if !first.succeeded {
      if !FileManager.default.fileExists(atPath: root + "/content") { throw ExitCode.failure }
      Console.error("the site does not build yet; fix the errors above and it will reload")
      await live.hub.showErrors(first.diagnostics.sortedForPrinting().map(\.description))
    }
    let quiet = options.quiet
    let verbose = options.verbose
    let watcher = Watcher(folders: [root + "/content", root + "/templates"]) {
      let start = Date()
      live.rebuild { report in
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
    }
    watcher.start()
    defer { watcher.stop() }
    let http = DevServer(folder: buildOptions.output, host: server.host, port: server.port, hub: live.hub)
    try await server.serve(http, message: "serving \(root)")
  }
}
