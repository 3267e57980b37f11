/// Text inside an XML property list's elements: escaped on the way in,
/// entities decoded on the way out.
enum XMLText {
  /// `text` as element content: `&`, `<` and `>` as entities (`>` too, so a
  /// `]]>` can never appear), everything else as it is.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.append(character)
      }
    }
    return result
  }

  /// The text of element content `bytes` (a key): the five named entities
  /// and numeric character references decoded. CDATA sections are left as
  /// they are: plists written by tools have none in keys.
  static func decode(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";"),
        let character = entity(rest[rest.index(after: amp)..<semicolon])
      else {
        result += "&"
        rest = rest[rest.index(after: amp)...]
        continue
      }
      result.append(character)
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }

  /// The character an entity's name (between `&` and `;`) stands for.
  private static func entity(_ name: Substring) -> Character? {
    switch name {
    case "amp": return "&"
    case "lt": return "<"
    case "gt": return ">"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(Unicode.Scalar.init).map(Character.init)
    }
  }
}
