import Foundation

/// A strict JSON parser (RFC 8259) that records line and column for every value.
/// Foundation's decoders give no positions and accept trailing commas.
struct JSONReader {
  private let bytes: [UInt8]
  private let file: String
  private var index = 0
  private var line = 1
  private var lineStart = 0

  /// Parses `data` from `file` (a site-relative path used in locations).
  static func parse(_ data: Data, file: String) throws(DiagnosticsError) -> Node {
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

  private var location: SourceLocation {
    SourceLocation(file: file, line: line, column: index - lineStart + 1)
  }

  private func failure(_ message: String) -> DiagnosticsError {
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
    guard depth < 512 else { throw failure("JSON nested too deeply") }
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

  private mutating func parseString() throws(DiagnosticsError) -> String {
    let opening = location
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      if !run.isEmpty {
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll(keepingCapacity: true)
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
        default: throw failure("invalid escape '\\\(Character(UnicodeScalar(escape)))' in string")
        }
      case 0x0A, 0x0D:
        throw failure("unterminated string (line break inside quotes)")
      case 0x00..<0x20:
        throw failure("control character inside a string must be escaped")
      default:
        run.append(byte)
        index += 1
      }
    }
    throw DiagnosticsError([.error("unterminated string (no closing quote)", at: opening)])
  }

  private mutating func hexQuad() throws(DiagnosticsError) -> UInt32 {
    guard bytes.count - index >= 4,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { throw failure("invalid \\u escape; expected four hex digits") }
    index += 4
    return value
  }

  private mutating func parseUnicodeEscape() throws(DiagnosticsError) -> Unicode.Scalar {
    let first = try hexQuad()
    if (0xD800...0xDBFF).contains(first) {
      guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "u")
      else { return "\u{FFFD}" }
      index += 2
      let second = try hexQuad()
      guard (0xDC00...0xDFFF).contains(second) else { return "\u{FFFD}" }
      let combined = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      return Unicode.Scalar(combined) ?? "\u{FFFD}"
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func parseNumber() throws(DiagnosticsError) -> NodeValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index - from
    }
    let intDigits = digits()
    guard intDigits > 0 else { throw failure("invalid number") }
    if intDigits > 1, bytes[index - intDigits] == UInt8(ascii: "0") {
      throw failure("numbers may not have leading zeros")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits() > 0 else { throw failure("invalid number; expected digits after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard digits() > 0 else { throw failure("invalid number; expected exponent digits") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text) else { throw failure("invalid number \(text)") }
    return .double(value)
  }
}
