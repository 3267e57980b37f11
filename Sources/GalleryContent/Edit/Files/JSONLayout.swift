import Foundation
import GalleryCore

/// Where each part of a JSON array of records lies in the file's bytes, so an
/// edit can replace exactly the bytes it changes and leave every other byte,
/// space and unknown field as it was. Scans a document `JSONReader` has
/// already accepted, so it only finds boundaries and never judges syntax.
package struct JSONLayout {
  /// One `"key": value` of a record.
  package struct Member {
    package var key: String
    /// The key with its quotes.
    var keyRange: Range<Int>
    var valueRange: Range<Int>
  }

  /// One element of the array.
  struct Element {
    /// From `{` (or the value's first byte) to just past `}` (or its last).
    var range: Range<Int>
    /// The record's members in file order; nil when the element is not an object.
    var members: [Member]?
  }

  /// The index of the array's `[` and of its `]`.
  package var open: Int
  package var close: Int
  var elements: [Element]

  /// The layout of `bytes`, a valid JSON document; nil when its root is not an array.
  init?(_ bytes: [UInt8]) {
    var scanner = Scanner(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
    scanner.skipWhitespace()
    guard scanner.peek == UInt8(ascii: "[") else { return nil }
    open = scanner.index
    elements = scanner.elements()
    close = scanner.index - 1
  }

  /// Walks the bytes: `index` moves past each part it reads.
  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
      while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// The array's elements; `index` starts at `[` and ends past `]`.
    mutating func elements() -> [Element] {
      var elements: [Element] = []
      list(closing: UInt8(ascii: "]")) { scanner in
        let start = scanner.index
        let members = scanner.peek == UInt8(ascii: "{") ? scanner.members() : nil
        if members == nil { scanner.skipValue() }
        elements.append(Element(range: start..<scanner.index, members: members))
      }
      return elements
    }

    /// An object's members; `index` starts at `{` and ends past `}`.
    mutating func members() -> [Member] {
      var members: [Member] = []
      list(closing: UInt8(ascii: "}")) { scanner in
        let keyStart = scanner.index
        scanner.skipString()
        let keyRange = keyStart..<scanner.index
        scanner.skipWhitespace()
        scanner.index += 1  // the colon
        scanner.skipWhitespace()
        let valueStart = scanner.index
        scanner.skipValue()
        members.append(
          Member(key: Self.key(scanner.bytes[keyRange]), keyRange: keyRange, valueRange: valueStart..<scanner.index))
      }
      return members
    }

    /// A bracketed, comma-separated list: `index` starts at the opening
    /// bracket and ends past `closing`; `item` reads each item.
    mutating func list(closing: UInt8, _ item: (inout Scanner) -> Void) {
      index += 1
      while true {
        skipWhitespace()
        guard let byte = peek, byte != closing else { break }
        if byte == UInt8(ascii: ",") {
          index += 1
        } else {
          item(&self)
        }
      }
      index += 1
    }

    /// Moves past one value of any kind.
    mutating func skipValue() {
      guard let byte = peek else { return }
      switch byte {
      case UInt8(ascii: "\""): skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["): skipContainer()
      default:
        while let byte = peek, !",]} \t\r\n".utf8.contains(byte) { index += 1 }
      }
    }

    /// Moves past a string, its escapes included.
    mutating func skipString() {
      index += 1
      while let byte = peek {
        index += byte == UInt8(ascii: "\\") ? 2 : 1
        if byte == UInt8(ascii: "\"") { return }
      }
    }

    /// Moves past a nested object or array, counting brackets outside strings.
    mutating func skipContainer() {
      var depth = 0
      while let byte = peek {
        switch byte {
        case UInt8(ascii: "\""):
          skipString()
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
        index += 1
        if depth == 0 { return }
      }
    }

    /// A quoted key's text, escapes decoded.
    private static func key(_ quoted: ArraySlice<UInt8>) -> String {
      guard case .string(let key)? = try? JSONReader.parse(Data(quoted), file: "").value else { return "" }
      return key
    }
  }
}
