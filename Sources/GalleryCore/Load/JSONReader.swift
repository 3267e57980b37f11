import Foundation

/// A strict JSON parser (RFC 8259) that records line and column for every value.
/// Foundation's decoders give no positions and accept trailing commas.
package struct JSONReader {
  // `bytes`, `index`, `location` and `failure` are internal, not private, for
  // the string and number scanners in JSONReader+Scalars.swift.
  package let bytes: [UInt8]
  private let file: String
  package var index = 0
  private var line = 1
  private var lineStart = 0

  /// Parses `data` from `file` (a site-relative path used in locations).
  package static func parse(_ data: Data, file: String) throws(DiagnosticsError) -> Node {
    var reader = JSONReader(bytes: Array(data), file: file)
    return try reader.parseDocument()
  }

  private init(bytes: [UInt8], file: String) {
    self.bytes = bytes
    self.file = file
    // A UTF-8 byte order mark is tolerated, as editors on Windows write one.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      index = 3
      lineStart = 3
    }
  }

  package var location: SourceLocation {
    SourceLocation(file: file, line: line, column: index - lineStart + 1)
  }

  package func failure(_ message: String) -> DiagnosticsError {
    DiagnosticsError([.error(message, at: location)])
  }

  private mutating func parseDocument() throws(DiagnosticsError) -> Node {
    skipWhitespace()
    guard index < bytes.count else { throw failure("file is empty; expected JSON") }
    let node = try parseValue(depth: 0)
    skipWhitespace()
    if index < bytes.count { throw failure("unexpected text after the JSON value") }
    return node
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(DiagnosticsError) -> Node {
    guard depth < TextLimits.depth else { throw failure("JSON nested too deeply") }
    guard index < bytes.count else { throw failure("unexpected end of file") }
    let start = location
    switch bytes[index] {
    case UInt8(ascii: "{"): return Node(try parseObject(depth: depth), at: start)
    case UInt8(ascii: "["): return Node(try parseArray(depth: depth), at: start)
    case UInt8(ascii: "\""): return Node(.string(try parseString()), at: start)
    case UInt8(ascii: "t"): try expectWord("true"); return Node(.bool(true), at: start)
    case UInt8(ascii: "f"): try expectWord("false"); return Node(.bool(false), at: start)
    case UInt8(ascii: "n"): try expectWord("null"); return Node(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return Node(try parseNumber(), at: start)
    default:
      throw failure("unexpected character \(describe(bytes[index])); expected a JSON value")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? "'\(Character(UnicodeScalar(byte)))'" : "0x\(String(byte, radix: 16))"
  }

  private mutating func expectWord(_ word: String) throws(DiagnosticsError) {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count,
      Array(bytes[index..<index + expected.count]) == expected
    else { throw failure("invalid literal; expected '\(word)'") }
    index += expected.count
  }

  private mutating func parseObject(depth: Int) throws(DiagnosticsError) -> NodeValue {
    index += 1
    var pairs: [(key: String, value: Node)] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .dictionary(pairs)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw failure("unterminated object; expected '}'") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
        throw failure("expected a quoted key")
      }
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':' after key \"\(key)\"")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth + 1)
      pairs.append((key, value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unterminated object; expected '}'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .dictionary(pairs)
      }
      throw failure("expected ',' or '}' after a value in an object")
    }
  }

  private mutating func parseArray(depth: Int) throws(DiagnosticsError) -> NodeValue {
    index += 1
    var items: [Node] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        throw failure("trailing comma before ']'")
      }
      items.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unterminated array; expected ']'") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      throw failure("expected ',' or ']' after a value in an array")
    }
  }
}
