/// Reporting text over a `TextLimits` limit.
extension DiagnosticCollector {
  /// `text` when it is at most `limit` characters; otherwise reports `what` (e.g.
  /// `caption of photo 1 of park "Ohiopyle"`) at `location` and returns the text
  /// cut to the limit, so later messages and slugs stay short.
  mutating func limited(_ text: String, _ limit: Int, what: String, at location: SourceLocation) -> String {
    // Counted in Unicode code points, not in what reads as one character: one
    // letter with three million combining accents is one grapheme and 6 MB.
    // A string never has more code points than UTF-8 bytes: most skip the count.
    guard text.utf8.count > limit else { return text }
    let length = text.unicodeScalars.count
    guard length > limit else { return text }
    error("\(what) is \(length) characters long; the limit is \(limit)", at: location)
    return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
  }
}
