import Foundation

/// Keeps libvips' error text to the operation it belongs to. libvips holds
/// one error buffer for the whole process: with photos made in parallel, the
/// text read after one photo failed could be another's ("bad seek" of a HEIC
/// named against a good JPEG), or cleared by another before it was read.
///
/// Work runs shared, any number at once, and its text is not trusted. Work
/// that fails, or logs damage, is done again alone: no other libvips work runs
/// meanwhile and the buffer starts empty, so what it reads is its own. The
/// successful path never waits on another photo; only a bad file's redo does.
final class VipsErrorGate: @unchecked Sendable {
  private let condition = NSCondition()
  private var readers = 0
  private var writing = false
  /// Writers waiting: new shared work waits behind them, or a steady stream of
  /// photos would keep a bad file's redo waiting for good.
  private var waiting = 0

  /// Runs `work` beside any other shared work.
  func shared<T>(_ work: () -> T) -> T {
    condition.lock()
    while writing || waiting > 0 { condition.wait() }
    readers += 1
    condition.unlock()
    defer {
      condition.lock()
      readers -= 1
      if readers == 0 { condition.broadcast() }
      condition.unlock()
    }
    return work()
  }

  /// Runs `work` with no other work, shared or alone, running.
  func alone<T>(_ work: () -> T) -> T {
    condition.lock()
    waiting += 1
    while writing || readers > 0 { condition.wait() }
    waiting -= 1
    writing = true
    condition.unlock()
    defer {
      condition.lock()
      writing = false
      condition.broadcast()
      condition.unlock()
    }
    return work()
  }

  /// Runs `work` shared; when `redo` says its outcome holds libvips' text (a
  /// failure, a warning), runs it again alone after `clear` and returns that.
  func isolating<T>(_ work: () -> T, clear: () -> Void, redo: (T) -> Bool) -> T {
    let first = shared(work)
    guard redo(first) else { return first }
    return alone {
      clear()
      return work()
    }
  }
}
