import Foundation

/// The API keys a run sent, each with the variable it came from, to catch an
/// API that sends one back inside its data (in a description, a name…)
/// before that data is written where the site would show it. fetch and the
/// restdb write-through of cat edits both ask `echoed(in:)`.
package struct SentKeys: Sendable {
  /// Keys as sent; empty keys are left out (they match everything).
  package private(set) var keys: [(variable: String, key: String)] = []

  package init(_ keys: [(variable: String?, key: String?)]) {
    self.keys = keys.compactMap { variable, key in
      guard let variable, let key, !key.isEmpty else { return nil }
      return (variable, key)
    }
  }

  /// The variable of the first key that `data` holds, or nil. JSON is
  /// searched in its decoded strings (member names included), so a key
  /// written with escapes (`\/`, `\u0061`) is found as well; the raw bytes
  /// are searched too, for data that is not JSON.
  package func echoed(in data: Data) -> String? {
    guard !keys.isEmpty else { return nil }
    let strings =
      (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).map { Self.strings(in: $0) } ?? []
    return keys.first { _, key in
      data.range(of: Data(key.utf8)) != nil || strings.contains { $0.contains(key) }
    }?.variable
  }

  /// Every string in a parsed JSON value, member names included, walked
  /// with an explicit stack so that deep nesting cannot overflow the stack.
  private static func strings(in value: Any) -> [String] {
    var found: [String] = []
    var pending: [Any] = [value]
    while let next = pending.popLast() {
      if let text = next as? String {
        found.append(text)
      } else if let array = next as? [Any] {
        pending.append(contentsOf: array)
      } else if let object = next as? [String: Any] {
        found.append(contentsOf: object.keys)
        pending.append(contentsOf: object.values)
      }
    }
    return found
  }
}
