import Foundation

/// Finds a photo's own description in its XMP packet (`dc:description`) or its
/// IPTC Caption-Abstract, by scanning the file's first bytes; EXIF's
/// ImageDescription comes from libvips. Pure, so it is tested on byte strings.
enum EmbeddedCaption {
  /// How much of a file to scan: metadata sits before the image data.
  static let scanLimit = 256 * 1024

  static func find(in data: Data) -> String? {
    xmpDescription(data) ?? iptcCaption(data)
  }

  /// `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">text</rdf:li>…`
  static func xmpDescription(_ data: Data) -> String? {
    let text = String(decoding: data.prefix(scanLimit), as: UTF8.self)
    guard let open = text.range(of: "<dc:description"),
      let close = text.range(of: "</dc:description>", range: open.upperBound..<text.endIndex)
    else { return nil }
    let inner = text[open.upperBound..<close.lowerBound]
    guard let item = inner.range(of: "<rdf:li"),
      let start = inner.range(of: ">", range: item.upperBound..<inner.endIndex),
      let end = inner.range(of: "</rdf:li>", range: start.upperBound..<inner.endIndex)
    else { return nil }
    return clean(String(inner[start.upperBound..<end.lowerBound]))
  }

  /// IPTC-IIM record 2, dataset 120 (Caption-Abstract): 0x1C 0x02 0x78, length, text.
  static func iptcCaption(_ data: Data) -> String? {
    let bytes = [UInt8](data.prefix(scanLimit))
    guard bytes.count > 5 else { return nil }
    for index in 0..<(bytes.count - 5)
    where bytes[index] == 0x1C && bytes[index + 1] == 0x02 && bytes[index + 2] == 0x78 {
      let length = Int(bytes[index + 3]) << 8 | Int(bytes[index + 4])
      let start = index + 5
      guard length > 0, start + length <= bytes.count else { return nil }
      return clean(String(decoding: bytes[start..<(start + length)], as: UTF8.self))
    }
    return nil
  }

  private static func clean(_ text: String) -> String? {
    let unescaped = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
    let tidy = Text.tidy(unescaped)
    return tidy.isEmpty ? nil : tidy
  }
}
