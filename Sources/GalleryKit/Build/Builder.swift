import Foundation

/// What a build is asked to do.
public struct BuildOptions: Sendable {
  public var siteRoot: String
  public var output: String
  public var baseURL: String?
  /// Warnings fail the build too.
  public var strict = false
  /// Remake every derivative even when cached.
  public var force = false
  public var cacheFolder: String?
  /// Told after every photo processed; nil for silence.
  public var progress: (@Sendable (BuildProgress) -> Void)?
  /// Update the output in place instead of staging and swapping (`serve`).
  public var inPlace = false
  /// HTML added before `</body>` of every page; only `serve` sets it.
  public var bodySuffix = ""
  /// Write pages at once and leave photos not yet in the cache for later
  /// (`preview`); the report lists them in `pendingJobs`.
  public var deferImages = false
  /// Image names in the source are paths made by catgallery (`preview`).
  public var trustedNames = false
  /// Kept by `serve` and `preview` across rebuilds (see `BuildMemory`).
  public var memory: BuildMemory?
  /// The output lies in a folder catgallery made for itself (`serve`'s and
  /// `preview`'s), so whatever it holds is catgallery's to replace.
  public var ownsOutput = false
  /// The user's home folder, never an output.
  public var home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  /// Folders that are only read: no output may be, hold or lie inside one.
  public var readOnlyFolders: [String] = []
  /// Told of something worth a line while the build goes on (waiting for
  /// another build of the same output).
  public var notice: (@Sendable (String) -> Void)?

  public init(siteRoot: String, output: String? = nil) {
    self.siteRoot = siteRoot
    self.output = output ?? siteRoot + "/public"
  }
}

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
  public var diagnostics: [Diagnostic] = []
  public var pages = 0
  /// Pages made from their templates; the others were reused (`serve`).
  public var pagesRendered = 0
  public var files = 0
  public var bytes = 0
  public var imagesProcessed = 0
  public var imagesReused = 0
  public var derivativesPruned = 0
  /// Files written or removed by an in-place update.
  public var changedFiles = 0
  /// The output already held exactly this site, so nothing was written.
  public var outputUnchanged = false
  /// Image jobs left for later by `deferImages`.
  public var pendingJobs: [ImageJob] = []
  /// Stage name and seconds, in order.
  public var timings: [(stage: String, seconds: Double)] = []
  public var succeeded = false
}

/// Runs the five stages: Load → Model → Plan → Render → Write. Edges (files,
/// images, clock) come in from outside so tests can replace them.
public struct Builder: Sendable {
  let fileSystem: FileSystem
  let codec: ImageCodec
  /// The day cats' ages count from.
  let now: @Sendable () -> Date
  /// The wall clock the no-change short cut compares modification times with.
  let clock: @Sendable () -> Date

  public init(
    fileSystem: FileSystem, codec: ImageCodec, now: @escaping @Sendable () -> Date = Date.init,
    clock: @escaping @Sendable () -> Date = Date.init
  ) {
    self.fileSystem = fileSystem
    self.codec = codec
    self.now = now
    self.clock = clock
  }

  public func build(_ options: BuildOptions) -> BuildReport {
    var report = BuildReport()
    var clock = StageClock()
    func fail(_ diagnostics: [Diagnostic]) -> BuildReport {
      report.diagnostics += diagnostics
      report.timings = clock.timings
      return report
    }
    guard fileSystem.isDirectory(options.siteRoot + "/content") else {
      return fail([.error("no content/ folder in \(options.siteRoot) (use --site to point at a site)")])
    }
    let claim: Claim
    do {
      claim = try claimOutput(options)
    } catch {
      return fail(error.diagnostics)
    }
    defer { withExtendedLifetime(claim) {} }
    report.diagnostics += claim.warnings
    let cache = cache(options)
    // `serve` and `preview` keep their own state; `--force` always rebuilds.
    let useRecord = !options.force && !options.inPlace && !options.deferImages
    let fingerprint =
      useRecord
      ? clock.time("check") {
        BuildRecord.fingerprint(
          options: options, fileSystem: fileSystem, codec: codec, day: now(), clock: self.clock())
      } : nil
    if let fingerprint, let last = BuildRecord.load(from: cache.buildRecord), last.fingerprint == fingerprint.value,
      last.output == options.output, fileSystem.exists(options.output + "/index.html")
    {
      report.pages = last.pages
      report.files = last.files
      report.bytes = last.bytes
      report.imagesReused = last.images
      report.outputUnchanged = true
      report.succeeded = true
      report.timings = clock.timings
      return report
    }
    if fingerprint != nil { try? FileManager.default.removeItem(atPath: cache.buildRecord) }
    let (index, source) = clock.time("load") {
      let index = options.force ? PhotoIndex() : PhotoIndex.load(from: cache.indexFile)
      return (index, SiteLoader(fileSystem: fileSystem, codec: codec, index: index).load(root: options.siteRoot))
    }
    report = build(source, options: options, report: report, clock: clock, index: index)
    // Only a clean build is remembered: warnings are printed again next time.
    if report.succeeded, report.diagnostics.isEmpty, let fingerprint, fingerprint.settled {
      let record = BuildRecord(
        fingerprint: fingerprint.value, output: options.output, pages: report.pages, files: report.files,
        bytes: report.bytes, images: report.imagesProcessed + report.imagesReused)
      do {
        try record.save(to: cache.buildRecord)
      } catch {
        report.diagnostics.append(cache.unsaved(cache.buildRecord, "the build record", error))
      }
    }
    return report
  }

  public func cache(_ options: BuildOptions) -> DerivativeCache {
    DerivativeCache(folder: options.cacheFolder ?? options.siteRoot + "/.cache/catgallery")
  }

  /// Model → Plan → Render → Write for a source that is already loaded (`preview`
  /// makes its source from a plain folder of photos).
  public func build(_ source: SiteSource, options: BuildOptions) -> BuildReport {
    var report = BuildReport()
    let claim: Claim
    do {
      claim = try claimOutput(options)
    } catch {
      report.diagnostics = error.diagnostics
      return report
    }
    defer { withExtendedLifetime(claim) {} }
    report.diagnostics += claim.warnings
    return build(source, options: options, report: report, clock: StageClock(), index: nil)
  }

  /// `index` is the photo index the source was loaded with; it is saved again
  /// only when the build learnt something new.
  private func build(
    _ source: SiteSource, options: BuildOptions, report: BuildReport, clock: StageClock, index: PhotoIndex?
  ) -> BuildReport {
    var report = report
    var clock = clock
    func fail(_ diagnostics: [Diagnostic]) -> BuildReport {
      report.diagnostics += diagnostics
      report.timings = clock.timings
      return report
    }
    let cache = cache(options)
    var (site, diagnostics) = clock.time("model") {
      var builder = SiteBuilder(now: now())
      builder.trustedNames = options.trustedNames
      return builder.build(source)
    }
    if let baseURL = options.baseURL { site.config.baseURL = String(baseURL.reversed().drop { $0 == "/" }.reversed()) }
    var (renderer, templateProblems) = clock.time("templates") {
      let prepare = { PageRenderer.prepare(theme: .merged(site: site.templates)) }
      return options.memory?.renderer(site: site.templates, prepare: prepare) ?? prepare()
    }
    renderer.bodySuffix = options.bodySuffix
    diagnostics += templateProblems
    // Photos are still processed when other input is broken: every bad image is
    // reported in the same run, and the cache is warm once the input is fixed.
    let inputBroken = diagnostics.hasErrors

    let jobs = clock.time("plan") { options.memory?.jobs(for: site) ?? DerivativePlanner.plan(site) }
    var ready = jobs
    if options.deferImages {
      let known = cache.loadRenders()
      ready = jobs.filter { job in known[job.photo.hash] != nil && job.all.allSatisfy(cache.has) }
      let readyIDs = Set(ready.map(\.photo.id))
      report.pendingJobs = jobs.filter { !readyIDs.contains($0.photo.id) }
    }
    let images = clock.time("images") {
      var processor = ImageProcessor(codec: codec, cache: cache, force: options.force)
      processor.progress = options.progress
      processor.memory = options.memory
      return processor.process(ready)
    }
    report.imagesProcessed = images.processed
    report.imagesReused = images.reused
    diagnostics += images.diagnostics
    if inputBroken { return fail(diagnostics) }
    let plan = clock.time("plan") { OutputPlanner.plan(site: site, jobs: jobs, placeholders: images.placeholders) }
    diagnostics += plan.diagnostics
    let (files, renderProblems, rendered) = clock.time("render") { renderer.render(plan, memory: options.memory) }
    diagnostics += renderProblems
    report.pagesRendered = rendered
    if diagnostics.hasErrors || (options.strict && !diagnostics.isEmpty) { return fail(diagnostics) }

    let derivatives = ready.flatMap(\.all)
    do {
      try clock.time("write") {
        try write(files, derivatives: derivatives, options: options, cache: cache, report: &report)
      }
    } catch let failure as SiteWriter.Failure {
      return fail(diagnostics + [.error(failure.description)])
    } catch {
      return fail(diagnostics + [.error("cannot write the site: \(error)")])
    }
    clock.time("prune") {
      let newIndex = PhotoIndex.from(source.photos)
      if newIndex != index {
        do {
          try newIndex.save(to: cache.indexFile)
        } catch {
          diagnostics.append(cache.unsaved(cache.indexFile, "the photo index", error))
        }
      }
      if !options.deferImages {
        report.derivativesPruned = cache.prune(keeping: Set(derivatives.map(cache.fileName)))
      }
    }
    report.pages = plan.pages.count
    report.count(files: files, derivatives: derivatives, cache: cache, bytes: !options.inPlace)
    report.diagnostics = diagnostics + report.diagnostics
    report.succeeded = true
    report.timings = clock.timings
    return report
  }
}

extension Builder {
  /// Write stage: in place for `serve`; otherwise staged and swapped, unless the
  /// output already holds exactly this site.
  fileprivate func write(
    _ files: [OutputFile], derivatives: [Derivative], options: BuildOptions, cache: DerivativeCache,
    report: inout BuildReport
  ) throws(SiteWriter.Failure) {
    let writer = SiteWriter(output: options.output)
    if options.inPlace {
      report.changedFiles = try writer.update(
        files: files, derivatives: derivatives, cache: cache, memory: options.memory)
      return
    }
    let digest = OutputDigest(files: files, derivatives: derivatives)
    let record = cache.outputRecord(for: writer.output)
    if !options.force, FileManager.default.fileExists(atPath: writer.output + "/index.html"),
      digest.matches(record)
    {
      report.outputUnchanged = true
      return
    }
    try? FileManager.default.removeItem(atPath: record)
    let warnings = try writer.write(files: files, derivatives: derivatives, cache: cache)
    report.diagnostics += warnings.map { .warning($0) }
    do {
      try digest.save(to: record)
    } catch {
      report.diagnostics.append(cache.unsaved(record, "the digest of the site written", error))
    }
  }
}

extension BuildReport {
  /// Files and bytes of the built site, derivatives included. `serve` prints
  /// no size, so it skips the stat of every derivative.
  fileprivate mutating func count(
    files: [OutputFile], derivatives: [Derivative], cache: DerivativeCache, bytes countBytes: Bool
  ) {
    let unique = Set(derivatives)
    self.files = files.count + unique.count
    guard countBytes else { return }
    let fileSystem = LocalFileSystem()
    bytes =
      files.reduce(0) { $0 + $1.data.count }
      + unique.reduce(0) { total, derivative in
        total + ((try? fileSystem.attributes(of: cache.path(of: derivative)))?.size ?? 0)
      }
  }
}

/// Adds up wall time per stage name, keeping first-seen order.
struct StageClock {
  private(set) var timings: [(stage: String, seconds: Double)] = []

  mutating func time<T>(_ stage: String, _ work: () throws -> T) rethrows -> T {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try work()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if let index = timings.firstIndex(where: { $0.stage == stage }) {
      timings[index].seconds += seconds
    } else {
      timings.append((stage, seconds))
    }
    return value
  }
}
