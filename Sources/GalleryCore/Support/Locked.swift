import Foundation

/// A value shared between threads, read and changed only under its lock. The
/// one lock-wrapped box every counter, result table and remembered state uses.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }

  package var current: Value { lock.withLock { value } }

  package func set(_ newValue: Value) { lock.withLock { value = newValue } }
}

extension Locked where Value == Int {
  /// Adds one and returns the new count.
  @discardableResult
  package func increment() -> Int {
    withLock {
      $0 += 1
      return $0
    }
  }
}
