import Foundation
import GalleryCore
import GalleryImages

/// The clips `preview` has not made yet: made on a background thread, one at
/// a time, after the pages are served; when the queue runs dry, `finished`
/// rebuilds, which puts the new videos in place. A clip that cannot be made
/// is a warning: its page keeps its poster.
final class DeferredVideos: @unchecked Sendable {
  let maker: VideoMaker
  private var queued: Set<String> = []
  private var queue: [VideoJob] = []
  private var working = false
  private let lock = NSLock()

  init(maker: VideoMaker) {
    var maker = maker
    maker.failuresAreWarnings = true
    self.maker = maker
  }

  /// Queues the clips not queued before and starts the worker unless it runs.
  func process(_ jobs: [VideoJob], finished: @escaping @Sendable (VideoMaker.Result) -> Void) {
    let start = lock.withLock { () -> Bool in
      for job in jobs where queued.insert(job.output.fileName).inserted { queue.append(job) }
      guard !working, !queue.isEmpty else { return false }
      working = true
      return true
    }
    guard start else { return }
    Thread.detachNewThread { [self] in
      var total = VideoMaker.Result()
      while let job = next() {
        let result = maker.make([job])
        total.diagnostics += result.diagnostics
        total.made += result.made
        total.ready += result.ready
      }
      finished(total)
    }
  }

  /// The oldest queued clip, or nil (and the worker stops) when none is left.
  private func next() -> VideoJob? {
    lock.withLock {
      guard !queue.isEmpty else {
        working = false
        return nil
      }
      return queue.removeFirst()
    }
  }
}
