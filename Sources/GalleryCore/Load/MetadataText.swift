import Foundation

/// Text out of raw tag values: the character set of IPTC and EXIF text, and
/// the one text of an XMP language alternative. Pure.
enum MetadataText {
  /// Stored text bytes as a string, cut at the first NUL (EXIF ends its text
  /// with one). Valid UTF-8 is read as UTF-8 whatever the file declares: most
  /// writers declare nothing, and Latin-1 text is almost never valid UTF-8.
  /// Anything else is Latin-1, with Windows-1252's letters and quotes where
  /// Latin-1 has only control codes (0x80–0x9F), as old Windows tools wrote it.
  static func decode(_ bytes: [UInt8]) -> String {
    let text = bytes.prefix { $0 != 0 }
    if let utf8 = String(validating: text, as: UTF8.self) { return utf8 }
    // Windows-1252 leaves five bytes undefined: then Latin-1 alone, which maps every byte.
    return String(data: Data(text), encoding: .windowsCP1252)
      ?? String(String.UnicodeScalarView(text.map { Unicode.Scalar($0) }))
  }

  /// The text of an XMP language alternative as exiv2 writes it,
  /// `lang="x-default" Sunset, lang="de" Abendrot`: the first entry's (exiv2
  /// puts x-default first). A plain value without `lang=` is taken whole.
  static func languageDefault(_ text: String) -> String {
    guard text.hasPrefix("lang=\""), let close = text.dropFirst(6).firstIndex(of: "\"") else { return text }
    var value = text[text.index(after: close)...]
    if value.first == " " { value = value.dropFirst() }
    // The next entry starts at `, lang="de" `; a caption that itself holds
    // those words next to a language tag is cut there (exiv2 leaves no other
    // way to tell).
    if let next = value.firstMatch(of: #/, lang="[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*" /#) {
      value = value[..<next.range.lowerBound]
    }
    return String(value)
  }

  /// Whitespace collapsed; nil when nothing is left.
  static func tidy(_ text: String) -> String? {
    let tidy = Text.tidy(text)
    return tidy.isEmpty ? nil : tidy
  }
}
