import Foundation
import Testing

/// Waiting on a condition another task will make true, for tests: checked
/// every few milliseconds, failing the test (not hanging it) after a limit.
enum Wait {
  static func until(_ what: String, seconds: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
      guard Date() < deadline else {
        Issue.record("timed out waiting until \(what)")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(5))
    }
  }
}
