import Foundation
import GalleryCore

/// Makes every missing derivative in the cache, decoding each photo once, with
/// photos processed in parallel. Already-cached work reads no pixels at all.
package struct ImageProcessor: Sendable {
  package struct Result: Sendable {
    /// Photo content hash → placeholder colour.
    package var placeholders: [String: String] = [:]
    package var diagnostics: [Diagnostic] = []
    package var processed = 0
    package var reused = 0
    /// The photos whose images were not made, by `file`, and why.
    package var failures: [String: ImageError] = [:]
    /// The placeholder colours and decoder warnings learnt could not be saved.
    package var rendersUnsaved = false
    /// Colours or failures were learnt that the cache's file did not hold.
    package var learnt = false
    /// `given`, with what was learnt.
    package var renders: [String: RenderedPhoto] = [:]

    /// The photos (by `file`) whose bytes cannot be decoded: the cache knows
    /// them by hash, so a previewed folder's next load leaves them out.
    package var undecodable: [String] { failures.filter(\.value.isUndecodable).keys.sorted() }

    package init() {}
  }

  package let codec: ImageCodec
  package let cache: DerivativeCache
  /// Takes clips' poster frames, which their images are made from.
  package var video: VideoTool?
  package var force = false
  /// Decoded pixels allowed in flight across workers (about 200 MB of 8-bit RGB).
  var pixelBudget = 64_000_000
  /// Called after every photo that needed work.
  package var progress: (@Sendable (BuildProgress) -> Void)?
  /// What a live site knows the cache holds, instead of asking the disk.
  package var known: KnownCache?
  /// A photo whose images cannot be made is a warning, not an error: for
  /// `preview`'s images made while its pages are already served, where the
  /// next rebuild leaves an undecodable photo out.
  package var failuresAreWarnings = false
  /// Saves what it learnt of the photos to the cache's file; a caller that
  /// processes a site in parts (album by album) saves once at the end
  /// (`DerivativeCache.save(renders:)`), from `known`.
  package var savesRenders = true
  /// The records of the jobs' photos, given by a caller that keeps them
  /// (`RenderStore`), instead of the cache's file: the processor then
  /// returns them with what it learnt (`Result.renders`) and saves nothing.
  package var given: [String: RenderedPhoto]? = nil {
    didSet { if given != nil { savesRenders = false } }
  }

  package init(codec: ImageCodec, cache: DerivativeCache, force: Bool = false) {
    self.codec = codec
    self.cache = cache
    self.force = force
  }

  package func process(_ jobs: [ImageJob]) -> Result {
    var result = Result()
    var renders = force ? [:] : given ?? known?.renders ?? cache.loadRenders()
    // What a live site remembers may be older than the disk: `preview` makes
    // photos in the background, outside any build. Before a photo it does not
    // know is decoded, the disk's records are read (once).
    var readRenders = force || given != nil || known?.renders == nil
    var pending: [Work] = []
    // The cache listed by work, once a derivative is missing under its own name.
    var cachedWork: [String: String]?
    for (index, job) in jobs.enumerated() {
      if renders[job.photo.hash] == nil, !readRenders {
        renders.merge(cache.loadRenders()) { remembered, _ in remembered }
        readRenders = true
      }
      // Bytes that did not decode before will not now: said again, not retried.
      if let failure = renders[job.photo.hash]?.failure {
        result.fail(job.photo, ImageError(undecodable: failure), asWarning: failuresAreWarnings)
        continue
      }
      var missing =
        force ? job.all : known?.holds(job) == true ? [] : job.all.filter { !cache.has($0) }
      // A photo decoded before may have its work cached under another name (it
      // was renamed or copied, or the cache predates stems in names): linked,
      // not made again. A photo never decoded has none, so a folder of new
      // photos (`preview`) never lists the cache.
      if !missing.isEmpty, renders[job.photo.hash] != nil {
        let files = cachedWork ?? cache.filesByWork()
        cachedWork = files
        missing = missing.filter { !cache.adopt($0, from: files) }
      }
      if missing.isEmpty, let rendered = renders[job.photo.hash] {
        result.placeholders[job.photo.hash] = rendered.placeholder
        result.diagnostics += Self.warnings(rendered, photo: job.photo)
        result.reused += 1
      } else {
        pending.append(Work(index: index, missing: missing, of: job))
      }
    }
    try? cache.fileSystem.createFolder(cache.derivatives)

    // Copies of one photo (the same bytes under other names, as a fetch of
    // an API that reuses images makes) wait for the first copy, then link its
    // derivatives as a renamed photo does: each content is decoded once.
    var seen = Set<String>()
    var firsts: [Work] = []
    var copies: [Work] = []
    for item in pending {
      if seen.insert(jobs[item.index].photo.hash).inserted { firsts.append(item) } else { copies.append(item) }
    }
    seen = []
    let budget = PixelBudget(limit: pixelBudget)
    let start = DispatchTime.now().uptimeNanoseconds
    let finished = Locked(0)
    let total = pending.count
    let told: @Sendable () -> Void = { [progress] in
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      progress?(BuildProgress(done: finished.increment(), total: total, elapsed: elapsed))
    }
    // Parallel.map hands photos out one at a time as workers free up, so no
    // core idles at the end behind a share that happened to hold the slow ones.
    let makeAll = { (work: [Work]) in
      Parallel.map(work) { item -> Swift.Result<RenderedPhoto, ImageError> in
        let job = jobs[item.index]
        let cost = job.decodePixels
        budget.acquire(cost)
        let outcome = make(job, missing: item.missing(of: job))
        budget.release(cost)
        told()
        return outcome
      }
    }
    var learnt = record(zip(firsts, makeAll(firsts)), of: jobs, into: &result, renders: &renders)
    firsts = []
    if !copies.isEmpty {
      let files = cache.filesByWork()
      copies = copies.compactMap { item in
        let job = jobs[item.index]
        guard let rendered = renders[job.photo.hash], rendered.failure == nil,
          item.missing(of: job).allSatisfy({ cache.adopt($0, from: files) })
        else { return item }
        result.placeholders[job.photo.hash] = rendered.placeholder
        result.diagnostics += Self.warnings(rendered, photo: job.photo)
        result.processed += 1
        told()
        return nil
      }
      learnt = record(zip(copies, makeAll(copies)), of: jobs, into: &result, renders: &renders) || learnt
    }
    result.learnt = result.processed > 0 || learnt
    if result.learnt, savesRenders {
      do {
        try cache.save(renders: renders)
      } catch {
        result.diagnostics.append(cache.unsaved(cache.placeholderFile, "the photos' placeholder colours", error))
        result.rendersUnsaved = true
      }
    }
    if given != nil { result.renders = renders }
    let clean = !result.diagnostics.hasErrors && result.failures.isEmpty
    if clean { self.known?.remember(jobs, renders: renders) }
    return result
  }

  /// Takes in what making photos gave: placeholders and warnings, or the
  /// failure (a photo found undecodable is remembered as such, like a
  /// placeholder). True when such a failure was learnt.
  private func record(
    _ outcomes: some Sequence<(Work, Swift.Result<RenderedPhoto, ImageError>)>, of jobs: [ImageJob],
    into result: inout Result, renders: inout [String: RenderedPhoto]
  ) -> Bool {
    var learnt = false
    for (item, outcome) in outcomes {
      let job = jobs[item.index]
      switch outcome {
      case .success(let rendered):
        result.placeholders[job.photo.hash] = rendered.placeholder
        result.diagnostics += Self.warnings(rendered, photo: job.photo)
        renders[job.photo.hash] = rendered
        result.processed += 1
      case .failure(let error):
        result.fail(job.photo, error, asWarning: failuresAreWarnings)
        guard error.isUndecodable else { continue }
        renders[job.photo.hash] = RenderedPhoto(failure: error.message)
        learnt = true
      }
    }
    return learnt
  }

  /// The decoder's warnings about a photo, located at its file.
  private static func warnings(_ rendered: RenderedPhoto, photo: Photo) -> [Diagnostic] {
    rendered.warnings.map { .warning($0, at: SourceLocation(file: photo.file)) }
  }

  /// Decodes once and writes the missing derivatives via temporary names. With
  /// none missing it only decodes, for the placeholder colour.
  private func make(_ job: ImageJob, missing: [Derivative]) -> Swift.Result<RenderedPhoto, ImageError> {
    let outputs = missing.map {
      (derivative: $0, temporary: cache.fileSystem.temporaryPath(for: cache.path(of: $0)))
    }
    do throws(ImageError) {
      let run = job.chain.run(writing: outputs.map { ($0.derivative.spec, $0.temporary) })
      let rendered = try render(cache.source(of: job.photo, video: video), run: run, photo: job.photo)
      for output in outputs {
        // A move replaces atomically: two identical photos may finish the
        // same derivative at once, and either copy is right.
        do {
          try cache.fileSystem.move(output.temporary, to: cache.path(of: output.derivative))
        } catch {
          throw ImageError("cannot store derivative: \(OSReason.describe(error))")
        }
      }
      return .success(rendered)
    } catch {
      outputs.forEach { try? cache.fileSystem.remove($0.temporary) }
      return .failure(error)
    }
  }

  /// Decodes `photo` from `source`. A failure to decode counts only when
  /// the file still holds the bytes the Load stage hashed and a second try
  /// fails too: a file removed, replaced or half written while libvips read
  /// it (an editor saving, a sync client replacing it) failed for a reason
  /// the next build may not meet, and remembering it (`RenderedPhoto.failure`)
  /// would leave a good photo out of every later build. Such a failure is
  /// thrown as one that is not remembered.
  private func render(_ source: String, run: ResizeChain.Run, photo: Photo) throws(ImageError) -> RenderedPhoto {
    // A photo is decoded from the file the Load stage checked, held open: a
    // link swapped in at its path meanwhile is not followed (`OpenedFile`).
    let opened: OpenedFile?
    do {
      opened = photo.clip == nil ? try cache.fileSystem.open(checked: source) : nil
    } catch {
      throw ImageError(error.message)
    }
    return try withExtendedLifetime(opened) { () throws(ImageError) -> RenderedPhoto in
      try render(opened?.path ?? source, run: run, hash: photo.clip == nil ? photo.hash : nil)
    }
  }

  /// Decodes `source`; with `hash`, a decode failure is confirmed as above.
  private func render(_ source: String, run: ResizeChain.Run, hash: String?) throws(ImageError) -> RenderedPhoto {
    do {
      return try codec.render(source: source, run: run)
    } catch {
      guard error.isUndecodable, let hash else { throw error }
      let now: String
      do {
        now = try cache.fileSystem.contentHash(of: source)
      } catch {
        throw ImageError("cannot read the file (\(OSReason.describe(error))); the next build tries again")
      }
      guard now == hash else {
        throw ImageError("the file changed while it was read; the next build tries again")
      }
      return try codec.render(source: source, run: run)
    }
  }
}

extension ImageProcessor.Result {
  /// Records that `photo`'s images were not made, and says so: an error, or
  /// with `asWarning` a warning (an undecodable photo is then left out).
  mutating func fail(_ photo: Photo, _ error: ImageError, asWarning: Bool) {
    failures[photo.file] = error
    let location = SourceLocation(file: photo.file)
    guard asWarning else {
      diagnostics.append(.error("cannot process image: \(error.message)", at: location))
      return
    }
    let what = error.isUndecodable ? "left out: " : "its images were not made: "
    diagnostics.append(.warning(what + error.message, at: location))
  }
}
