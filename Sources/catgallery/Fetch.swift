import ArgumentParser
import Foundation
import GalleryContent
import GalleryCore

struct Fetch: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Download breeds, breed photos, owned cats and facts from the APIs in site.yml.",
    discussion: """
      Reads `sources:` in content/site.yml and writes content/breeds.json, cats.json, \
      facts.json and photos under content/photos/breeds/<id>/ and content/photos/cats/. \
      Every answer is checked first, and content/ changes only if every request \
      succeeded. cats.json is replaced by the restdb collection, but never so as \
      to drop cats only the file holds (no restdb _id) unless --replace-local says so. \
      API keys are read from the environment variables site.yml names \
      (THECATAPI_KEY, RESTDB_KEY, RESTDB_API_KEY or CATGALLERY_*) and sent only to \
      its own API's host (The Cat API's to api.thecatapi.com, restdb's to \
      <db>.restdb.io) and those --allow-key-host names. build and preview never use \
      the network; serve and the cats commands use it only to write a cat edit through \
      to restdb when site.yml names it.
      """
  )

  @OptionGroup var options: SiteOptions

  @OptionGroup var keyHosts: KeyHostOptions

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp("Fetch only these: breeds, photos, cats, facts (comma-separated).", valueName: "parts"))
  var only: [String] = []

  @Option(name: .long, help: ArgumentHelp("Photos per breed, the cover included (0–100).", valueName: "n"))
  var photosPerBreed: Int?

  @Flag(name: .long, help: "Print what would change (new, changed, removed files) and write nothing.")
  var dryRun = false

  @Flag(name: .long, help: "Write what succeeded even when a request failed (still exits 1).")
  var keepGoing = false

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Let the restdb collection replace content/cats.json even if that drops cats only the file holds.",
      discussion: "Cats without a restdb _id (the sample init writes, cats added before site.yml named restdb) "
        + "are not in the collection; without this flag fetch names them and changes nothing."))
  var replaceLocal = false

  func run() async throws {
    var fetchOptions = FetchOptions(siteRoot: options.siteRoot)
    let names = only.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    if !names.isEmpty {
      var parts: Set<FetchOptions.Part> = []
      for name in names {
        guard let part = FetchOptions.Part(rawValue: name) else {
          throw ValidationError("--only takes breeds, photos, cats or facts, not \"\(name)\"")
        }
        parts.insert(part)
      }
      fetchOptions.parts = parts
    }
    if let photosPerBreed {
      guard (0...100).contains(photosPerBreed) else {
        throw ValidationError("--photos-per-breed must be from 0 to 100")
      }
      fetchOptions.photosPerBreed = photosPerBreed
    }
    fetchOptions.dryRun = dryRun
    fetchOptions.keepGoing = keepGoing
    fetchOptions.replaceLocal = replaceLocal
    fetchOptions.environment = ProcessInfo.processInfo.environment
    fetchOptions.allowedKeyHosts = keyHosts.hosts
    let progress = Console.progressPrinter(quiet: options.quiet, waitsForFirstLine: true)
    if let progress {
      fetchOptions.progress = { progress.report($0) }
    }
    let report = await RemoteContent.fetch(fetchOptions, fileSystem: LocalFileSystem(), codec: try Console.codec())
    progress?.finish()
    Console.print(report.diagnostics, verbose: options.verbose)
    if !options.quiet || dryRun { Self.printChanges(report, dryRun: dryRun) }
    if options.verbose {
      Console.out("  \(report.requests) requests, \(report.notModified) not modified, \(report.bytes) bytes received")
    }
    guard report.succeeded else {
      Console.error(
        "fetch failed: \(report.diagnostics.tally(.error)); "
          + (!report.wrote
            ? "content/ is unchanged"
            : keepGoing ? "what succeeded was written (--keep-going)" : "some files were written before the error"))
      throw ExitCode.failure
    }
  }

  /// `new content/photos/breeds/abys/0XYvRd7oD.jpg`, one line per file, then a summary.
  static func printChanges(_ report: FetchReport, dryRun: Bool) {
    for change in report.changes {
      Console.out("\(change.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))\(change.file)")
    }
    let counts = report.counts.map { "\($0.count) \($0.noun)" }.joined(separator: ", ")
    let changed =
      report.changes.isEmpty
      ? "nothing changed" : "\(report.changes.count) file(s) \(dryRun ? "would change" : "changed")"
    Console.out(
      "fetched \(counts.isEmpty ? "nothing" : counts) in \(report.requests) requests; \(changed)\(dryRun ? " (dry run: nothing written)" : "")"
    )
  }
}
