import ArgumentParser
import Crypto
import Foundation
import GalleryCore
import GalleryImages
import GalleryOutput
import GalleryServe

struct Preview: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Turn any folder of photos into a gallery at once, with nothing to write.",
    discussion: """
      Subfolders become sections; a photo's embedded description (EXIF, XMP or IPTC) or \
      else its file name becomes its caption; names sort naturally (IMG_2 before IMG_10). \
      Nothing is written inside DIR: derivatives and pages go to your cache folder \
      ($XDG_CACHE_HOME/catgallery, or ~/.cache/catgallery). Pages are served at once and \
      thumbnails fill in as they are made.
      """
  )

  @Argument(help: ArgumentHelp("The folder of photos.", valueName: "dir"))
  var folder: String

  @Option(
    name: .long, help: ArgumentHelp("Write the static site to this folder instead of serving it.", valueName: "dir"))
  var buildTo: String?

  @Flag(name: .long, help: "With --build-to, replace a folder that catgallery did not make (never a protected one).")
  var force = false

  @OptionGroup var server: ServerOptions

  @Flag(name: [.short, .long], help: "Print only errors and warnings.")
  var quiet = false

  func run() async throws {
    let directory = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path
    guard LocalFileSystem().isDirectory(directory) else {
      Console.error("error: \(folder) is not a folder")
      throw ExitCode.failure
    }
    let codec = try Console.codec()
    let workspace = Self.cacheFolder(for: directory)
    var options = BuildOptions(siteRoot: workspace, output: workspace + "/site")
    options.cacheFolder = workspace + "/cache"
    options.progress = Console.progress(quiet: quiet)
    let builder = Pipeline(fileSystem: LocalFileSystem(), codec: codec)
    let cache = builder.cache(options)
    let source: @Sendable () -> SiteSource = {
      PreviewSource(fileSystem: LocalFileSystem(), codec: codec, index: cache.loadIndex())
        .load(folder: directory)
    }

    if let buildTo {
      let output = URL(fileURLWithPath: buildTo).standardizedFileURL.path
      options.output = output
      options.readOnlyFolders = [directory]
      options.force = force
      options.notice = { Console.error("note: \($0)") }
      let report = builder.build(source(), options: options)
      Console.print(report.diagnostics)
      guard report.succeeded else { throw ExitCode.failure }
      if !quiet { Console.out("built a gallery of \(report.pages) pages from \(directory) into \(output)") }
      return
    }

    let live = LiveSite(builder: builder, options: options, watched: [directory], defersImages: true, source: source)
    let first = live.build()
    Console.print(first.diagnostics)
    var processor = ImageProcessor(codec: codec, cache: cache)
    processor.progress = options.progress
    let pending = DeferredImages(processor: processor, cache: cache, output: options.output)
    // Photos without derivatives, at the start or added later, are made in the
    // background; once none is left, a rebuild gives pages their placeholder colours.
    let fill: @Sendable ([ImageJob]) -> Void = { jobs in
      pending.process(jobs) { result in
        Console.print(result.diagnostics)
        live.build()
      }
    }
    fill(first.pendingJobs)
    let watcher = Watcher(folders: [directory]) {
      live.rebuild { report in
        Console.print(report.diagnostics)
        fill(report.pendingJobs)
      }
    }
    watcher.start()
    defer { watcher.stop() }
    var http = DevServer(folder: options.output, host: server.host, port: server.port, hub: live.hub)
    http.makeOnDemand = { pending.make($0) }
    try await self.server.serve(http, message: "previewing \(directory) (\(first.pages) pages)")
  }

  /// One cache folder per previewed folder, under the XDG cache home.
  static func cacheFolder(for directory: String) -> String {
    let environment = ProcessInfo.processInfo.environment
    let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache"
    let digest = SHA256.hash(data: Data(directory.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    return base + "/catgallery/preview/" + digest
  }
}
