/// Strings and numbers, the two JSON values with a grammar of their own:
/// escapes and surrogate pairs, leading zeros, fractions and exponents.
extension JSONReader {
  /// The string whose opening quote is at `index`, escapes decoded; leaves
  /// `index` past the closing quote. Raw line breaks and control characters are errors.
  mutating func parseString() throws(DiagnosticsError) -> String {
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

  /// The number at `index` as RFC 8259 spells it: an integer when it has no
  /// fraction or exponent and fits in an `Int`, otherwise a double.
  mutating func parseNumber() throws(DiagnosticsError) -> NodeValue {
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
