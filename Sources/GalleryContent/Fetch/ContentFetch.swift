import Foundation
import GalleryCore
import GalleryNetwork

/// `catgallery fetch`: asks the APIs in `sources:` for breeds, breed photos,
/// owned cats and facts, checks every answer, and writes content/ only when
/// the whole run succeeded (or, with `keepGoing`, what succeeded). After it a
/// site is an ordinary site: `build` never needs the network.
///
/// Order: the breeds document first (photos and cats depend on it), then the
/// photo listings, the cats and the facts side by side, then the downloads,
/// all through one `FetchClient` (at most 4 requests in flight).
struct ContentFetch: Sendable {
  let fileSystem: FileSystem
  let codec: ImageCodec
  let transport: any HTTPTransport
  /// Waits between tries; tests pass one that returns at once.
  var sleep: Fetcher.Sleep?
  /// The largest file fetch writes: the build's limit; tests pass a small one.
  var maxFileBytes = TextLimits.dataFileBytes

  /// Fetches and, unless `options.dryRun`, writes content/; every problem
  /// is a diagnostic in the report, and a run with an error changes nothing
  /// (unless `options.keepGoing`).
  func run(_ options: FetchOptions) async -> FetchReport {
    var report = FetchReport()
    guard prepare(options, report: &report), let inputs = read(options, report: &report) else { return report }
    let lock = lockCache(options, report: &report)
    guard report.succeeded else { return report }
    defer { withExtendedLifetime(lock) {} }
    let state = FetchState.load(from: statePath(options), in: fileSystem)
    let advance = progressReporter(options)
    let client = FetchClient(
      transport: transport, previous: state.responses, sleep: sleep, timeout: inputs.config.sources.timeout,
      refusesPrivateAddresses: !AddressPolicy.isOff(in: options.environment)
    ) { counters in
      advance {
        $0.requests = counters.requests
        $0.bytes = counters.bytes
      }
    }
    var gathered = await gather(
      inputs.plan, source: inputs.source, client: client, keepGoing: options.keepGoing, report: &report)
    gathered.photos = screen(gathered.photos, environment: options.environment, report: &report)
    let downloader = photoDownloader(inputs, client: client, options: options)
    gathered.photoOutcomes = await download(
      gathered.photos, manifest: inputs.manifest, state: state, with: downloader, report: &report
    ) { done, total in
      advance {
        $0.photos = done
        $0.photosTotal = total
      }
    }
    let totals = client.totals
    report.requests = totals.requests
    report.notModified = totals.notModified
    report.bytes = totals.bytes
    change(
      gathered, inputs: inputs, state: state, client: client, downloader: downloader, options: options,
      report: &report)
    if lock != nil { removeIncoming(downloader, root: options.siteRoot) }
    return report
  }
}

/// Which sources a run asks, with their keys.
struct FetchPlan: Sendable {
  /// With `photosPerBreed` as this run asks (0 when photos are not fetched).
  var catAPI: FetchSources.CatAPI?
  var catAPIKey: String?
  var restdb: FetchSources.RestDB?
  var restdbKey: String?
  var facts: FetchSources.Facts?
  var parts: Set<FetchOptions.Part>
  /// `FetchOptions.replaceLocal`.
  var replaceLocal = false
  /// content/cats.json is there but could not be read.
  var catsFileUnreadable = false
}

extension ContentFetch {
  /// The parts to fetch: those asked for (all by default) whose source is
  /// configured. A key `KeyPolicy` refuses stops the whole run before any
  /// request. Asking for a part with no source is an error; a key
  /// variable that is not set is an error for restdb (which refuses every
  /// request without one) and a warning for The Cat API (which answers
  /// without one, with fewer and random photos).
  func plan(_ sources: FetchSources, options: FetchOptions, report: inout FetchReport) -> FetchPlan? {
    let site = SourceLocation(file: "content/site.yml")
    if sources.isEmpty {
      report.diagnostics.append(
        .error(
          "no sources to fetch from: add a \"sources:\" block (thecatapi, restdb, facts; see the README)", at: site))
      return nil
    }
    let asked = options.parts
    let explicit = asked != Set(FetchOptions.Part.allCases)
    var parts: Set<FetchOptions.Part> = []
    let needs: [(FetchOptions.Part, Bool, String)] = [
      (.breeds, sources.catAPI != nil, "thecatapi"), (.photos, sources.catAPI != nil, "thecatapi"),
      (.cats, sources.restdb != nil, "restdb"), (.facts, sources.facts != nil, "facts"),
    ]
    for (part, available, name) in needs where asked.contains(part) {
      if available {
        parts.insert(part)
      } else if explicit {
        report.diagnostics.append(.error("--only \(part.rawValue) needs sources.\(name) in site.yml", at: site))
      }
    }
    var plan = FetchPlan(parts: parts, replaceLocal: options.replaceLocal)
    let policy = KeyPolicy(allowing: options.allowedKeyHosts)
    if let catAPI = sources.catAPI, !parts.isDisjoint(with: [.breeds, .photos]) {
      switch policy.key(
        for: .theCatAPI, variable: catAPI.keyVariable, url: catAPI.baseURL, at: catAPI.keyLocation,
        environment: options.environment)
      {
      case .none: break
      case .key(let key): plan.catAPIKey = key
      case .refused(let refusal): report.diagnostics.append(refusal)
      case .unset(let variable):
        report.diagnostics.append(
          .warning(
            "\(variable) is not set: The Cat API answers without a key with fewer, random photos", at: site))
      }
      var source = catAPI
      if let count = options.photosPerBreed { source.photosPerBreed = count }
      if !parts.contains(.photos) { source.photosPerBreed = 0 }
      plan.catAPI = source
    }
    if let restdb = sources.restdb, parts.contains(.cats) {
      switch policy.key(
        for: .restdb, variable: restdb.keyVariable, url: restdb.url, at: restdb.keyLocation,
        environment: options.environment)
      {
      case .none: break
      case .key(let key): plan.restdbKey = key
      case .refused(let refusal): report.diagnostics.append(refusal)
      case .unset(let variable):
        report.diagnostics.append(.error("\(variable) is not set: restdb.io needs its API key", at: site))
      }
      plan.restdb = restdb
    }
    if parts.contains(.facts) { plan.facts = sources.facts }
    return report.succeeded ? plan : nil
  }
}

/// The one entry point the command line uses: a fetch over the real network,
/// with the transport shut down after; the disk and image edges are the caller's.
public enum RemoteContent {
  public static func fetch(_ options: FetchOptions, fileSystem: FileSystem, codec: ImageCodec) async -> FetchReport {
    var configuration = AsyncHTTPTransport.Configuration()
    // Nothing a fetch asks for is larger than a photo may be.
    configuration.maxBodyBytes = PhotoDownloader.maxBytes
    let transport = AsyncHTTPTransport(configuration: configuration)
    let report = await ContentFetch(fileSystem: fileSystem, codec: codec, transport: transport).run(options)
    try? await transport.shutdown()
    return report
  }
}
