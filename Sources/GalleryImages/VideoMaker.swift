import Foundation
import GalleryCore

/// Makes every clip's web video that the cache lacks, one ffmpeg at a time:
/// each run has threads of its own (`VideoPlanner.encoderThreads`), so two
/// at once on two cores would only take turns. A clip already in the cache
/// starts no ffmpeg at all.
package struct VideoMaker: Sendable {
  package struct Result: Sendable {
    package var diagnostics: [Diagnostic] = []
    /// The outputs now in the cache, for the Write stage.
    package var ready: [Derivative] = []
    package var made = 0
    package var reused = 0
    /// Clips left for later: a live site that defers its media (`preview`).
    package var pending: [VideoJob] = []

    package init() {}
  }

  package let tool: VideoTool?
  package let cache: DerivativeCache
  package var force = false
  /// A clip that cannot be made is a warning (its page shows the poster), not
  /// an error: a previewed folder's.
  package var failuresAreWarnings = false
  /// Seconds of video done of the total, after each clip and during one.
  package var progress: (@Sendable (VideoProgress) -> Void)?

  package init(tool: VideoTool?, cache: DerivativeCache, force: Bool = false) {
    self.tool = tool
    self.cache = cache
    self.force = force
  }

  package func make(_ jobs: [VideoJob]) -> Result {
    var result = Result()
    let pending = jobs.filter { job in
      if !force, cache.has(job.output) {
        result.ready.append(job.output)
        result.reused += 1
        return false
      }
      return true
    }
    guard !pending.isEmpty else { return result }
    guard let tool, tool.isAvailable else {
      result.diagnostics.append(.warning(VideoError.missing.message))
      return result
    }
    try? cache.fileSystem.createFolder(cache.derivatives)
    let total = pending.reduce(0) { $0 + ($1.plan.duration ?? 0) }
    let start = DispatchTime.now().uptimeNanoseconds
    var done = 0.0
    // The last figure told, so the end is told once, whether or not ffmpeg's
    // own last report reached the clip's whole length.
    let told = Locked(0.0)
    for job in pending {
      let output = cache.path(of: job.output)
      let temporary = cache.fileSystem.temporaryPath(for: output)
      let before = done
      let report = progress
      do throws(VideoError) {
        // ffmpeg reads the clip the Load stage checked, held open: a link
        // swapped in at its path meanwhile is not followed (`OpenedFile`).
        let opened: OpenedFile
        do {
          opened = try cache.fileSystem.open(checked: job.photo.path)
        } catch {
          throw VideoError(.failed, error.message)
        }
        try withExtendedLifetime(opened) { () throws(VideoError) in
          try tool.run(job.plan, source: opened.sharedPath, output: temporary) { seconds in
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let figure = min(total, before + seconds)
            told.withLock { $0 = figure }
            report?(VideoProgress(done: figure, total: total, elapsed: elapsed))
          }
        }
        try? cache.fileSystem.move(temporary, to: output)
        result.ready.append(job.output)
        result.made += 1
      } catch {
        try? cache.fileSystem.remove(temporary)
        let location = SourceLocation(file: job.photo.file)
        let message = "cannot make the web video: \(error.message)"
        result.diagnostics.append(failuresAreWarnings ? .warning(message, at: location) : .error(message, at: location))
      }
      done += job.plan.duration ?? 0
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if told.current < total { progress?(VideoProgress(done: total, total: total, elapsed: elapsed)) }
    return result
  }
}
