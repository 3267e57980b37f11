import ArgumentParser
import Foundation
import GalleryCore
import GalleryOutput
import GalleryVideo

struct Build: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Build the site into the output folder.",
    discussion: """
      Reads content/ (and templates/, which override the built-in theme) and writes \
      the site to a staging folder, then swaps it into place: a failed build leaves \
      the previous output untouched. Exits 1 on any error.
      """
  )

  @OptionGroup var options: SiteOptions

  @Option(name: .long, help: ArgumentHelp("Where to write the site (default: <site>/public).", valueName: "dir"))
  var output: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Absolute URL the site is published at; used for canonical links and the sitemap. Overrides base_url in site.yml.",
      valueName: "url"))
  var baseURL: String?

  @Flag(name: .long, help: "Treat warnings as errors.")
  var strict = false

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Replace an output folder catgallery did not make, and remake every image derivative.",
      discussion: "Never /, your home folder, a system folder, or the site's own folders."))
  var force = false

  func run() throws {
    let root = options.siteRoot
    // The output's owner makes the path absolute and resolves it (`OutputOwner`).
    var buildOptions = BuildOptions(siteRoot: root, output: output)
    buildOptions.strict = strict
    buildOptions.force = force
    buildOptions.progress = Console.progress(quiet: options.quiet)
    buildOptions.videoProgress = Console.videoProgress(quiet: options.quiet)
    buildOptions.notice = { Console.print(.note($0)) }
    if let baseURL {
      guard let url = SiteConfig.baseURL(baseURL) else {
        throw ValidationError("--base-url must be an absolute http(s) URL, e.g. https://example.org/cats")
      }
      buildOptions.baseURL = url
    }
    let codec = try Console.codec()
    let metadata = try Console.metadataReader()
    let fileSystem = LocalFileSystem()
    // The program's own identity: a rebuilt catgallery makes the last build's record stale.
    let program = ProgramIdentity(executable: Bundle.main.executablePath, fileSystem: fileSystem)
    let report = Pipeline(
      fileSystem: fileSystem, codec: codec, metadata: metadata, video: Console.videoTool(), program: program
    )
    .build(buildOptions)
    Console.print(report.diagnostics, verbose: options.verbose)
    if options.verbose { Console.timings(report) }
    guard report.succeeded else {
      let strictly = strict && report.diagnostics.count(of: .error) == 0
      Console.error(
        "build failed: \(report.diagnostics.tally(.error, .warning))\(strictly ? " (--strict)" : ""); the previous output is unchanged"
      )
      throw ExitCode.failure
    }
    if !options.quiet { Console.out(Self.summary(report)) }
  }

  /// `built 156 pages, 746 files (21 MB) in 0.30 s; images: 0 processed, 53 reused, …`
  static func summary(_ report: BuildReport) -> String {
    let total = report.timings.reduce(0) { $0 + $1.seconds }
    let size = ByteCountFormatter.string(fromByteCount: Int64(report.bytes), countStyle: .file)
    var text = "built \(report.pages) pages, \(report.files) files (\(size)) in \(String(format: "%.2f", total)) s"
    text += "; images: \(report.imagesProcessed) processed, \(report.imagesReused) reused"
    text += ", \(report.derivativesPruned) stale derivatives pruned"
    if report.outputUnchanged { text += "; the output was already up to date" }
    return text
  }
}
