import Foundation

/// libvips' messages made into catgallery's: pure text, no C.
extension VipsCodec {
  /// libvips names the absolute path and its own class; users need neither.
  package static func plain(_ message: String, path: String) -> String {
    if message.contains("is not a known file format") { return "not a known image format" }
    var text = message.replacingOccurrences(of: "\"\(path)\"", with: "file")
      .replacingOccurrences(of: path, with: "file")
    if let colon = text.range(of: ": "), !text[..<colon.lowerBound].contains(" ") {
      text = String(text[colon.upperBound...])
    }
    return text
  }

  /// A photo whose embedded colour profile cannot apply to its pixels (an
  /// RGB profile on a grey JPEG) is shown as browsers show it, profile ignored.
  static let unfitProfile =
    "its colour profile does not fit its pixels (say, an RGB profile on a grey photo): the profile is ignored"

  /// One warning for what libvips logged while decoding `path`: libjpeg, for
  /// one, decodes past corrupt data and only logs it. Nil when nothing was logged.
  static func damage(_ logged: [String], path: String) -> String? {
    guard !logged.isEmpty else { return nil }
    var details: [String] = []
    // libjpeg's warnings reach the log as libvips' whole process-wide error
    // buffer, which can hold another photo's error from a parallel decode
    // ("bad seek to 310"): when libjpeg spoke, only its own lines are kept.
    let fromLibjpeg = logged.contains { $0.contains("JPEG") }
    // libjpeg's count ("read gave 4 warnings") says nothing the details do not.
    for line in logged where !line.hasPrefix("read gave ") && (!fromLibjpeg || line.contains("JPEG")) {
      let detail = plain(line, path: path).trimmingCharacters(in: .whitespaces)
      if !detail.isEmpty, !details.contains(detail) { details.append(detail) }
    }
    let what = details.isEmpty ? "the decoder reported problems" : details.joined(separator: "; ")
    return "the image is damaged: \(what) (it may show grey or garbled areas)"
  }
}
