import Foundation

/// Collects printed text from a `@Sendable` closure.
package final class LockedLines: @unchecked Sendable {
  private var lines: [String] = []
  private let lock = NSLock()

  package init() {}
  package func append(_ line: String) { lock.withLock { lines.append(line) } }
  package var all: [String] { lock.withLock { lines } }
}
