import ArgumentParser
import Foundation
import GalleryCore
import GalleryOutput
import GalleryServe
import GalleryVideo

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

  func run() async throws {
    guard Supervisor.isWorker else {
      // A worker restarted after a crash must listen where the first one did.
      let port = server.port == 0 ? ServerOptions.freePort() : server.port
      let code = Supervisor.run(arguments: Array(CommandLine.arguments.dropFirst()) + ["--port", String(port)])
      throw ExitCode(code)
    }
    Supervisor.watchSupervisor()
    let settings = ServeSettings(
      siteRoot: options.siteRoot, server: server.settings, allowEdit: allowEdit, keyHosts: keyHosts.hosts,
      quiet: options.quiet, verbose: options.verbose, previousCrash: Supervisor.previousCrash)
    let codec = try Console.codec()
    // A worker restarted after a crash opens no second browser tab.
    let report = server.reporter(
      quiet: options.quiet, verbose: options.verbose, opensBrowser: Supervisor.previousCrash == nil)
    let metadata = try Console.metadataReader()
    guard
      await ServeSession.run(
        settings, fileSystem: LocalFileSystem(), codec: codec, metadata: metadata, video: Console.videoTool(),
        report: report)
    else {
      throw ExitCode.failure
    }
  }
}
