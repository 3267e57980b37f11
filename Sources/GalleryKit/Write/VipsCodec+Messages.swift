import Foundation

/// libvips' messages made into catgallery's: pure text, no C.
extension VipsCodec {
  /// libvips names the absolute path and its own class; users need neither.
  static func plain(_ message: String, path: String) -> String {
    if message.contains("is not a known file format") { return "not a known image format" }
    var text = message.replacingOccurrences(of: "\"\(path)\"", with: "file")
      .replacingOccurrences(of: path, with: "file")
    if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
      text = String(text[colon.upperBound...])
    }
    return text
  }

  /// libexif renders "value (value, ASCII, 6 components, 6 bytes)"; keep the value.
  static func exifValue(_ text: String) -> String? {
    var value = text
    if value.hasSuffix("bytes)"), let open = value.range(of: " (", options: .backwards) {
      value = String(value[..<open.lowerBound])
    }
    value = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }
}
