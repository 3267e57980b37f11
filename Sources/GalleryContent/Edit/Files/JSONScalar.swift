import Foundation
import GalleryCore

/// A value to write into a JSON file, spelled the way it will appear: numbers
/// keep the text they were entered as (`4.0` is written `4.0`, never `4`).
package enum JSONScalar: Sendable, Hashable {
  case string(String)
  /// A JSON number literal, checked by `number(_:)`.
  case number(String)
  case bool(Bool)
  case null
  /// Any JSON value as a server spelled it (restdb's answer: an array, an
  /// object, a number), written as it is. Only for text already parsed as JSON.
  case raw(String)

  /// A number spelled `text`, if `text` is a JSON number (RFC 8259).
  static func number(literal text: String) -> JSONScalar? {
    guard !text.contains(where: \.isWhitespace), let node = try? JSONReader.parse(Data(text.utf8), file: "") else {
      return nil
    }
    switch node.value {
    case .integer, .double: return .number(text)
    default: return nil
    }
  }

  static func integer(_ value: Int) -> JSONScalar { .number(String(value)) }

  /// The bytes of the value in a JSON file.
  var literal: String {
    switch self {
    case .string(let text): JSONWriter.quoted(text)
    case .number(let text): text
    case .bool(let value): value ? "true" : "false"
    case .null: "null"
    case .raw(let text): text
    }
  }
}
