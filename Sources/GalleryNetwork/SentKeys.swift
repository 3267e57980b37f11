import Foundation
import GalleryCore

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

  /// The variable of the first key that `data` holds, or nil. Found whole,
  /// or split: every string of JSON joined in document order holds it, or
  /// one string holds a piece of it (`KeyEcho.pieceLength`); and in each of
  /// these also once URL-decoded and once base64-decoded. JSON is searched
  /// in its decoded strings (member names included), so a key written with
  /// escapes (`\/`, `\u0061`) is found as well; the raw bytes are searched
  /// too, for data that is not JSON.
  package func echoed(in data: Data) -> String? {
    guard !keys.isEmpty else { return nil }
    let node = try? JSONReader.parse(data, file: "")
    let strings = node.map { Self.strings(in: $0, names: true) } ?? []
    var texts = [Array(data)] + strings.map { Array($0.utf8) }
    texts += texts.flatMap(KeyEcho.decodedForms(of:))
    // Values only: a key split over fields has their names between its pieces.
    var joined = Array((node.map { Self.strings(in: $0, names: false) } ?? []).joined().utf8)
    joined += KeyEcho.decodedForms(of: joined).joined()
    return keys.first { _, key in
      let echo = KeyEcho(key: Array(key.utf8))
      return echo.whole(in: joined) || texts.contains { echo.whole(in: $0) || echo.piece(in: $0) }
    }?.variable
  }

  /// Every string in a parsed JSON value, member names included if `names`,
  /// in document order, walked with an explicit stack so that deep nesting
  /// cannot overflow the stack.
  private static func strings(in value: Node, names: Bool) -> [String] {
    var found: [String] = []
    var pending: [Node] = [value]
    while let next = pending.popLast() {
      switch next.value {
      case .string(let text): found.append(text)
      case .array(let items): pending.append(contentsOf: items.reversed())
      case .dictionary(let pairs):
        for pair in pairs.reversed() {
          pending.append(pair.value)
          if names { pending.append(Node(.string(pair.key), at: pair.value.location)) }
        }
      default: break
      }
    }
    return found
  }
}
