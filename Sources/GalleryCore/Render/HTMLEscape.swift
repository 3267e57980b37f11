import Mustache

/// HTML escaping for `{{name}}` when swift-mustache renders (templates our
/// renderer does not take, and the reference in tests; `MustacheRenderer`
/// escapes the same five characters itself), done on UTF-8 bytes: its own escaper rebuilds every string
/// Character by Character, which was a seventh of rendering, although almost
/// no value has anything to escape. Such a value is returned as it is.
package struct HTMLEscape: MustacheContentType {
  package init() {}

  /// Registered under a name of our own and switched on by `pragma` at the top
  /// of every template (swift-mustache has no other way to replace the default).
  package static let name = "CATGALLERY_HTML"
  static let pragma = "{{% CONTENT_TYPE: \(name) }}"
  static let registered: Void = MustacheContentTypes.register(HTMLEscape(), named: name)

  package func escapeText(_ text: String) -> String {
    var text = text
    return text.withUTF8(Self.escape) ?? text
  }

  /// Nil when there is nothing to escape.
  package static func escape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let first = bytes.firstIndex(where: needsEscape) else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 16)
    result.append(contentsOf: bytes[..<first])
    for byte in bytes[first...] {
      switch byte {
      case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
      case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
      default: result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
  }
}
