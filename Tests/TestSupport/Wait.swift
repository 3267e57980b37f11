import Foundation
import Testing

/// Waiting on a condition another task will make true, for tests: checked
/// every few milliseconds, failing the test (not hanging it) after a limit.
package enum Wait {
  /// The limit only guards against a hang: on two cores, with the whole-site
  /// suites holding both threads of the cooperative pool, a task can wait
  /// 20 s and more just to be scheduled (seen at 2dbc018), so it is generous.
  package static func until(_ what: String, seconds: Double = 90, _ condition: () -> Bool) async throws {
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
