import Foundation

/// The photos `preview` has not processed yet: made in the background, and any
/// one of them at once when a browser asks for it, so the first page shows
/// before thousands of thumbnails exist and they fill in as they are made.
public final class DeferredImages: @unchecked Sendable {
  let processor: ImageProcessor
  let cache: DerivativeCache
  let output: String
  private var jobsByFile: [String: ImageJob] = [:]
  private var done: Set<String> = []
  private let lock = NSLock()

  public init(jobs: [ImageJob], processor: ImageProcessor, cache: DerivativeCache, output: String) {
    self.processor = processor
    self.cache = cache
    self.output = output
    for job in jobs {
      for derivative in job.all { jobsByFile[derivative.fileName] = job }
    }
  }

  public var isEmpty: Bool { lock.withLock { jobsByFile.isEmpty } }

  /// Processes every pending photo, then calls `finished`.
  public func processAll(finished: @escaping @Sendable (ImageProcessor.Result) -> Void) {
    let jobs = lock.withLock { Array(Set(jobsByFile.values)).sorted { $0.photo.id < $1.photo.id } }
    Thread.detachNewThread { [self] in
      var total = ImageProcessor.Result()
      // In small batches so each finished photo is published quickly.
      for batch in stride(from: 0, to: jobs.count, by: 8).map({ Array(jobs[$0..<min($0 + 8, jobs.count)]) }) {
        let result = processor.process(batch.filter { !isDone($0) })
        batch.forEach(publish)
        total.processed += result.processed
        total.diagnostics += result.diagnostics
      }
      finished(total)
    }
  }

  /// Makes the derivative named `fileName` now if it is pending; true when it exists.
  public func make(_ fileName: String) -> Bool {
    guard let job = lock.withLock({ jobsByFile[fileName] }) else { return false }
    if !isDone(job) { _ = processor.process([job]) }
    publish(job)
    return FileManager.default.fileExists(atPath: output + "/images/" + fileName)
  }

  private func isDone(_ job: ImageJob) -> Bool { lock.withLock { done.contains(job.photo.id) } }

  /// Links a processed photo's derivatives into the served folder.
  private func publish(_ job: ImageJob) {
    try? FileManager.default.createDirectory(atPath: output + "/images", withIntermediateDirectories: true)
    var complete = true
    for derivative in job.all {
      let target = output + "/images/" + derivative.fileName
      if FileManager.default.fileExists(atPath: target) { continue }
      if (try? FileManager.default.linkItem(atPath: cache.path(of: derivative), toPath: target)) == nil,
        (try? FileManager.default.copyItem(atPath: cache.path(of: derivative), toPath: target)) == nil
      {
        complete = false
      }
    }
    if complete { _ = lock.withLock { done.insert(job.photo.id) } }
  }
}
