import Foundation

enum Parallel {
  /// Runs `body` for every element on all cores, in a few large chunks so the
  /// hand-over costs nothing next to a file write. Throws the first error.
  static func forEach<T: Sendable>(_ items: [T], _ body: @Sendable (T) throws -> Void) throws {
    let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
    guard chunks > 0 else { return }
    let failure = FirstError()
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      var index = chunk
      while index < items.count, !failure.isSet {
        do { try body(items[index]) } catch { failure.set(error) }
        index += chunks
      }
    }
    if let error = failure.error { throw error }
  }
}

private final class FirstError: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Error?
  var error: Error? { lock.withLock { stored } }
  var isSet: Bool { error != nil }
  func set(_ error: Error) { lock.withLock { stored = stored ?? error } }
}
