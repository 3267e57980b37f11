import Foundation

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
