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

extension Parallel {
  /// `body` of every element, on all cores, in the elements' order. Each call
  /// is handed out as a worker frees up: the calls may differ much in cost.
  static func map<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable (T) -> R) -> [R] {
    let results = Results<R>(count: items.count)
    let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let index = results.claim() { results.store(body(items[index]), at: index) }
    }
    return results.values.compactMap { $0 }
  }
}

/// Slots filled by the workers of `Parallel.map`, and the next index to claim.
private final class Results<R>: @unchecked Sendable {
  private let lock = NSLock()
  private var next = 0
  private(set) var values: [R?]
  init(count: Int) { values = Array(repeating: nil, count: count) }

  func claim() -> Int? {
    lock.withLock {
      guard next < values.count else { return nil }
      defer { next += 1 }
      return next
    }
  }

  func store(_ value: R, at index: Int) { lock.withLock { values[index] = value } }
}

private final class FirstError: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Error?
  var error: Error? { lock.withLock { stored } }
  var isSet: Bool { error != nil }
  func set(_ error: Error) { lock.withLock { stored = stored ?? error } }
}
