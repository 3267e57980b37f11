import Foundation
import GalleryCore

/// Writes a parsed JSON `Node` back as text: keys in the order the server
/// sent them, two-space indentation, one trailing newline. Fetched data is
/// written through it so pages of one collection become one readable file
/// and an unchanged answer always gives the same bytes.
enum JSONWriter {
  static func data(_ node: Node) -> Data {
    var text = ""
    write(node, indent: "", into: &text)
    text += "\n"
    return Data(text.utf8)
  }

  private static func write(_ node: Node, indent: String, into text: inout String) {
    let inner = indent + "  "
    switch node.value {
    case .null: text += "null"
    case .bool(let value): text += value ? "true" : "false"
    case .integer(let value): text += String(value)
    case .double(let value): text += number(value)
    case .string(let value): text += quoted(value)
    case .date(let date): text += quoted(date.formatted(.iso8601))
    case .data(let data): text += quoted(data.base64EncodedString())
    case .array(let items):
      guard !items.isEmpty else { return text += "[]" }
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += inner
        write(item, indent: inner, into: &text)
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += indent + "]"
    case .dictionary(let pairs):
      guard !pairs.isEmpty else { return text += "{}" }
      text += "{\n"
      for (index, pair) in pairs.enumerated() {
        text += inner + quoted(pair.key) + ": "
        write(pair.value, indent: inner, into: &text)
        text += index == pairs.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    }
  }

  /// The shortest text that reads back as the same double; JSON has no
  /// infinity or NaN, which the reader never produces anyway.
  private static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(format: "%.1f", value) }
    return "\(value)"
  }

  /// A JSON string literal: quotes, backslashes and control characters escaped.
  static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        text += String(format: "\\u%04x", scalar.value)
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
