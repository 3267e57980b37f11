import Testing

@testable import GalleryCore

/// Names as bytes in strings: every name comes back to its own bytes, and
/// what is shown of it holds no escape.
@Suite("names kept as bytes")
struct PathBytesTests {
  static let names: [(description: String, bytes: [UInt8], shown: String)] = [
    ("plain ASCII", Array("IMG_1.jpg".utf8), "IMG_1.jpg"),
    ("valid UTF-8", Array("café/ネコ.jpg".utf8), "café/ネコ.jpg"),
    ("Latin-1 é", Array("caf".utf8) + [0xE9], "caf\u{FFFD}"),
    ("bytes FF FE", [0xFF, 0xFE], "\u{FFFD}\u{FFFD}"),
    ("UTF-8 with a stray byte", Array("día".utf8) + [0xE9], "día\u{FFFD}"),
    ("a sequence cut short", [0x61, 0xE2, 0x82], "a\u{FFFD}\u{FFFD}"),
    ("an overlong slash", [0xC0, 0xAF], "\u{FFFD}\u{FFFD}"),
    ("a surrogate", [0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
    // Valid UTF-8 for an escape's own code point: escaped byte by byte, so
    // it cannot be taken for the byte 0xE9.
    ("valid UTF-8 for U+F7E9", [0xEF, 0x9F, 0xA9], "\u{FFFD}\u{FFFD}\u{FFFD}"),
  ]

  @Test("a name goes back to its own bytes and is shown with U+FFFD", arguments: names)
  func roundTrip(_ name: (description: String, bytes: [UInt8], shown: String)) {
    let string = PathBytes.string(name.bytes)
    #expect(PathBytes.system(string).dropLast().map { UInt8(bitPattern: $0) } == name.bytes)
    #expect(PathBytes.display(string) == name.shown)
    #expect(PathBytes.count(string) == name.bytes.count)
  }

  @Test("two names are never one string")
  func distinct() {
    let strings = Set(Self.names.map { PathBytes.string($0.bytes) } + [PathBytes.string([0xE9])])
    #expect(strings.count == Self.names.count + 1)
  }
}
