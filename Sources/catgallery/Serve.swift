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

  @Option(name: .long, help: "Port to listen on.")
  var port = 8080

  @Option(name: .long, help: "Address to bind; loopback unless you say otherwise.")
  var host = "127.0.0.1"

  @Flag(name: .long, help: "Open the site in the default browser.")
  var open = false

  func run() async throws {
    let root = options.siteRoot
    let codec: VipsCodec
    do {
      codec = try VipsCodec()
    } catch {
      Console.error("error: \(error.message)")
      throw ExitCode.failure
    }
    var buildOptions = BuildOptions(siteRoot: root, output: root + "/.cache/catgallery/serve")
    buildOptions.progress = Console.progress(quiet: options.quiet)
    let live = LiveSite(builder: Builder(fileSystem: LocalFileSystem(), codec: codec), options: buildOptions)
    let first = live.build()
    Console.print(first.diagnostics)
    if !first.succeeded {
      if !FileManager.default.fileExists(atPath: root + "/content") { throw ExitCode.failure }
      Console.error("the site does not build yet; fix the errors above and it will reload")
      await live.hub.showErrors(first.diagnostics.sortedForPrinting().map(\.description))
    }
    let quiet = options.quiet
    let watcher = Watcher(folders: [root + "/content", root + "/templates"]) {
      let start = Date()
      live.rebuild { report in
        Console.print(report.diagnostics)
        if report.succeeded, !quiet {
          Console.out(
            String(
              format: "rebuilt in %.0f ms: %d files changed, %d images processed",
              Date().timeIntervalSince(start) * 1000, report.changedFiles, report.imagesProcessed))
        } else if !report.succeeded {
          Console.error("rebuild failed; still serving the last good site")
        }
      }
    }
    watcher.start()
    defer { watcher.stop() }
    let server = DevServer(folder: buildOptions.output, host: host, port: port, hub: live.hub)
    let open = self.open
    let host = self.host
    do {
      try await server.run { port in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        Console.out("serving \(root) at \(url) (Ctrl-C to stop)")
        if open { Console.openInBrowser(url) }
      }
    } catch {
      Console.error("error: cannot serve on \(host):\(port): \(error)")
      throw ExitCode.failure
    }
  }
}
