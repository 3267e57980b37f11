/// File names as the system keeps them (bytes, any bytes but `/` and NUL)
/// in the `String`s the pipeline passes around, without loss. A name that is
/// valid UTF-8 is its own string. Each byte that is not part of valid UTF-8
/// becomes one private-use code point, U+F700 + the byte (U+F780…U+F7FF, as
/// Python's `surrogateescape` uses lone surrogates, which a Swift `String`
/// cannot hold), and goes back to that very byte wherever the path is handed
/// to the system (`system(_:)`). So a folder named with Latin-1 bytes is
/// listed, opened and published like any other.
///
/// No name can be mistaken for another: a name whose valid UTF-8 spells one
/// of those code points has each of its bytes escaped the same way, so the
/// mapping is one to one both ways. The only cost falls on such a name (a
/// private-use character nobody types; Apple keeps this range for function
/// keys in keyboard events), which is shown with U+FFFD like the bytes of a
/// name that is not UTF-8. Shown names (`display(_:)`) never hold the escapes:
/// titles and captions made from a name, and printed messages, show U+FFFD.
package enum PathBytes {
  /// The code points that stand for bytes 0x80…0xFF.
  static let escapes: ClosedRange<UInt32> = 0xF780...0xF7FF

  /// Whether `scalar` stands for a byte of a name.
  package static func isEscape(_ scalar: Unicode.Scalar) -> Bool { escapes.contains(scalar.value) }

  /// The string for a name or path of `bytes`, as listed by the system.
  package static func string(_ bytes: some Collection<UInt8>) -> String {
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      if let (scalar, length) = scalar(in: bytes, at: index), !isEscape(scalar) {
        scalars.append(scalar)
        index += length
        continue
      }
      // Not valid UTF-8 here, or valid UTF-8 for an escape: the byte itself,
      // escaped (0x80 and above: ASCII is always valid).
      let byte = bytes[index]
      scalars.append(Unicode.Scalar(0xF700 + UInt32(byte)) ?? "\u{FFFD}")
      index += 1
    }
    return String(scalars)
  }

  /// The bytes the system knows `path` by, ending in NUL, for open(2),
  /// stat(2) and the like.
  package static func system(_ path: String) -> [CChar] {
    var bytes: [CChar] = []
    bytes.reserveCapacity(path.utf8.count + 1)
    if path.unicodeScalars.contains(where: isEscape) {
      for scalar in path.unicodeScalars {
        if isEscape(scalar) {
          bytes.append(CChar(bitPattern: UInt8(scalar.value - 0xF700)))
        } else {
          bytes += String(scalar).utf8.map { CChar(bitPattern: $0) }
        }
      }
    } else {
      bytes += path.utf8.map { CChar(bitPattern: $0) }
    }
    bytes.append(0)
    return bytes
  }

  /// How many bytes the system counts in `path`.
  package static func count(_ path: String) -> Int { system(path).count - 1 }

  /// `text` as a person should see it: each escaped byte shown as U+FFFD.
  package static func display(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isEscape) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isEscape($0) ? "\u{FFFD}" : $0 }))
  }

  /// The scalar whose valid UTF-8 starts at `index`, and its length in bytes;
  /// nil where the bytes there are not valid UTF-8 (a stray continuation, an
  /// overlong form, a surrogate, a sequence cut short).
  private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let (length, second): (Int, ClosedRange<UInt8>) =
      switch lead {
      case 0xC2...0xDF: (2, 0x80...0xBF)
      case 0xE0: (3, 0xA0...0xBF)
      case 0xED: (3, 0x80...0x9F)
      case 0xE1...0xEF: (3, 0x80...0xBF)
      case 0xF0: (4, 0x90...0xBF)
      case 0xF1...0xF3: (4, 0x80...0xBF)
      case 0xF4: (4, 0x80...0x8F)
      default: (0, 0x80...0xBF)
      }
    guard length > 0, index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
    var value = UInt32(lead) & (0xFF >> (length + 1))
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard offset == 1 || (0x80...0xBF).contains(byte) else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return Unicode.Scalar(value).map { ($0, length) }
  }
}
