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

  func run(_ options: FetchOptions) async -> FetchReport {
    var report = FetchReport()
    let root = options.siteRoot
    do throws(DiagnosticsError) {
      try fileSystem.checkSiteCache(root)
    } catch {
      report.diagnostics = error.diagnostics
      return report
    }
    // A fetch killed during its commit is finished before anything is read.
    // A dry run replays nothing (it takes no lock): it says what it compares with.
    if !options.dryRun {
      report.diagnostics = FetchJournal.finishInterrupted(root: root, fileSystem: fileSystem)
      guard report.succeeded else { return report }
    } else if fileSystem.exists(Path.join(root, FetchJournal.file)) {
      report.diagnostics.append(
        .warning(
          "a fetch was interrupted while changing content/; the next fetch or build finishes it, and this dry run compares with content/ as that fetch left it",
          at: SourceLocation(file: FetchJournal.file)))
    }
    let source = SiteLoader(fileSystem: fileSystem, codec: codec).loadForFetch(root: root)
    var collector = DiagnosticCollector()
    collector.list = report.diagnostics + source.diagnostics
    let config = SiteConfig.read(source.config, diagnostics: &collector)
    let manifest = PhotoManifest.read(source.manifest, diagnostics: &collector)
    report.diagnostics = collector.list
    guard !collector.list.hasErrors, let plan = plan(config.sources, options: options, report: &report) else {
      return report
    }
    let folder = Path.join(root, FetchState.folder)
    // One fetch at a time writes a site; a dry run writes nothing, not even the lock's folder.
    var lock: FolderLock?
    if !options.dryRun {
      do {
        try fileSystem.createFolder(folder)
        lock = try fileSystem.lock(folder) {}
      } catch {
        report.diagnostics.append(
          .error(
            "cannot lock the fetch cache (\(OSReason.describe(error)))", at: SourceLocation(file: FetchState.folder)))
        return report
      }
    }
    defer { withExtendedLifetime(lock) {} }
    let statePath = Path.join(folder, "state.json")
    let state = FetchState.load(from: statePath, in: fileSystem)
    let started = Date()
    let progress = Locked(FetchProgress(requests: 0, bytes: 0, elapsed: 0))
    let advance: @Sendable (_ change: (inout FetchProgress) -> Void) -> Void = { change in
      let now = progress.withLock {
        change(&$0)
        $0.elapsed = Date().timeIntervalSince(started)
        return $0
      }
      options.progress?(now)
    }
    let client = FetchClient(
      transport: transport, previous: state.responses, sleep: sleep, timeout: config.sources.timeout
    ) { counters in
      advance {
        $0.requests = counters.requests
        $0.bytes = counters.bytes
      }
    }
    var gathered = await gather(
      plan, source: source, client: client, keepGoing: options.keepGoing, report: &report)
    let downloader = PhotoDownloader(
      client: client, fileSystem: fileSystem, codec: codec, photos: Path.join(root, "content/photos"),
      incoming: Path.join(folder, "incoming"), maxPixels: config.maxMegapixels * 1_000_000, dryRun: options.dryRun)
    let outcomes = await download(
      gathered.photos, manifest: manifest, state: state, with: downloader, report: &report
    ) { done, total in
      advance {
        $0.photos = done
        $0.photosTotal = total
      }
    }
    gathered.photoOutcomes = outcomes
    let totals = client.totals
    report.requests = totals.requests
    report.notModified = totals.notModified
    report.bytes = totals.bytes
    var changes = FetchChanges(root: root, fileSystem: fileSystem, downloader: downloader)
    changes.sentKeys = SentKeys([
      (plan.catAPI?.keyVariable, plan.catAPIKey), (plan.restdb?.keyVariable, plan.restdbKey),
    ])
    changes.compute(gathered, old: manifest, state: state, report: &report)
    if report.succeeded || options.keepGoing, !options.dryRun {
      changes.commit(report: &report, keepGoing: options.keepGoing)
      var next = FetchState(responses: client.responses, files: changes.stamps)
      if !report.succeeded { next.responses = state.responses }
      if let data = try? next.encoded(), data != (try? fileSystem.contents(of: statePath)) {
        try? fileSystem.write(data, to: statePath)
      }
    }
    // Only under the lock, and never while a journal still needs the staged
    // files (a dry run, or a commit a step of which failed, leaves them).
    // Checked again: the staging folder is removed by name.
    if lock != nil, !fileSystem.exists(Path.join(root, FetchJournal.file)),
      fileSystem.staysWithin(downloader.incoming, root)
    {
      try? fileSystem.remove(downloader.incoming)
    }
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
    var plan = FetchPlan(parts: parts)
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
