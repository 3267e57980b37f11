import Foundation
import GalleryCore
import GalleryImages

/// The photos `preview` has not processed yet: made in the background, and any
/// one of them at once when a browser asks for it, so the first page shows
/// before thousands of thumbnails exist and they fill in as they are made.
///
/// Its derivatives go straight into the served folder, outside the build and
/// its output owner, while the pages are already up: a photo whose images
/// cannot be made is a warning, never an error, and the server goes on. One
/// that cannot be decoded is known as such to the cache by then, and the
/// rebuild after the queue runs dry leaves it out of the pages.
final class DeferredImages: @unchecked Sendable {
  let processor: ImageProcessor
  let cache: DerivativeCache
  let output: String
  private var jobsByFile: [String: ImageJob] = [:]
  /// Photos waiting for the background worker, oldest first.
  private var queue: [ImageJob] = []
  /// Photos whose derivatives are all in the served folder.
  private var done: Set<String> = []
  private var working = false
  private let lock = NSLock()

  init(processor: ImageProcessor, cache: DerivativeCache, output: String) {
    var processor = processor
    processor.failuresAreWarnings = true
    self.processor = processor
    self.cache = cache
    self.output = output
  }

  /// Queues photos that have no derivatives yet (those of the first build, and
  /// any added while previewing) and makes them on a background thread; when
  /// the queue runs dry, `finished` gets what that run did.
  func process(_ jobs: [ImageJob], finished: @escaping @Sendable (ImageProcessor.Result) -> Void) {
    let startWorker = lock.withLock { () -> Bool in
      for job in jobs where !done.contains(job.photo.id) && jobsByFile[job.all.first?.fileName ?? ""] == nil {
        for derivative in job.all { jobsByFile[derivative.fileName] = job }
        queue.append(job)
      }
      guard !working, !queue.isEmpty else { return false }
      working = true
      return true
    }
    guard startWorker else { return }
    Thread.detachNewThread { [self] in
      var total = ImageProcessor.Result()
      // In small batches so each finished photo is published quickly.
      while let batch = nextBatch() {
        let result = processor.process(batch.filter { !isDone($0) })
        total.diagnostics += result.diagnostics
        // A photo that failed has nothing to place, and its warning is said.
        total.diagnostics += batch.filter { result.failures[$0.photo.file] == nil }.compactMap(publish)
        total.processed += result.processed
        total.failures.merge(result.failures) { $1 }
      }
      finished(total)
    }
  }

  /// Up to 8 queued photos, or nil (and the worker stops) when none is left.
  private func nextBatch() -> [ImageJob]? {
    lock.withLock {
      guard !queue.isEmpty else {
        working = false
        return nil
      }
      let batch = Array(queue.prefix(8))
      queue.removeFirst(batch.count)
      return batch
    }
  }

  /// Makes the derivative named `fileName` now if it is pending; true when it exists.
  func make(_ fileName: String) -> Bool {
    guard let job = lock.withLock({ jobsByFile[fileName] }) else { return false }
    // A failure here is said by the background worker, which meets the photo too.
    if !isDone(job), !processor.process([job]).failures.isEmpty { return false }
    _ = publish(job)
    return cache.fileSystem.exists(output + "/images/" + fileName)
  }

  private func isDone(_ job: ImageJob) -> Bool { lock.withLock { done.contains(job.photo.id) } }

  /// Links a processed photo's derivatives into the served folder. Returns a
  /// warning naming the photo and the reason when one could not be placed
  /// (its thumbnail would never appear otherwise, with no word why).
  private func publish(_ job: ImageJob) -> Diagnostic? {
    var failure: Error?
    do {
      try cache.fileSystem.createFolder(output + "/images")
      for derivative in job.all {
        do {
          try cache.place(derivative, in: output + "/images")
        } catch {
          failure = error
        }
      }
    } catch {
      failure = error
    }
    guard let failure else {
      _ = lock.withLock { done.insert(job.photo.id) }
      return nil
    }
    return .warning(
      "cannot place its images in the preview (\(OSReason.describe(failure)))",
      at: SourceLocation(file: job.photo.file))
  }
}
