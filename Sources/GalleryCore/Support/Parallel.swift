import Foundation

package enum Parallel {
  /// Runs `body` for every element on all cores, in a few large chunks so the
  /// hand-over costs nothing next to a file write. Throws the first error.
  package static func forEach<T: Sendable>(_ items: [T], _ body: @Sendable (T) throws -> Void) throws {
    let chunks = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
    guard chunks > 0 else { return }
    let failure = Locked<Error?>(nil)
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      var index = chunk
      while index < items.count, failure.current == nil {
        do {
          try body(items[index])
        } catch {
          failure.withLock { $0 = $0 ?? error }
        }
        index += chunks
      }
    }
    if let error = failure.current { throw error }
  }
}

extension Parallel {
  /// `body` of every element, on all cores, in the elements' order. Each call
  /// is handed out as a worker frees up: the calls may differ much in cost.
  package static func map<T: Sendable, R: Sendable>(_ items: [T], _ body: @Sendable (T) -> R) -> [R] {
    let next = Locked(0)
    let results = Locked([R?](repeating: nil, count: items.count))
    DispatchQueue.concurrentPerform(iterations: min(items.count, ProcessInfo.processInfo.activeProcessorCount)) { _ in
      while case let index = next.increment() - 1, index < items.count {
        let result = body(items[index])
        results.withLock { $0[index] = result }
      }
    }
    return results.current.compactMap { $0 }
  }
}
