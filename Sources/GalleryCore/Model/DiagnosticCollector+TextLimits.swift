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

  /// An embedded caption (a photo's own metadata, which its owner may not
  /// even see) as a short caption for lists, cards and alt text, and the
  /// whole text for its page when the two differ: over `TextLimits.caption`
  /// characters it is a warning, never an error, and over
  /// `TextLimits.embeddedCaption` the whole is cut too.
  mutating func shortened(_ text: String, at location: SourceLocation) -> (caption: String, whole: String?) {
    guard text.utf8.count > TextLimits.caption else { return (text, nil) }
    let scalars = text.unicodeScalars
    let length = scalars.count
    guard length > TextLimits.caption else { return (text, nil) }
    var whole = text
    if length > TextLimits.embeddedCaption {
      whole = String(String.UnicodeScalarView(scalars.prefix(TextLimits.embeddedCaption))) + "…"
    }
    let head = String(String.UnicodeScalarView(scalars.prefix(TextLimits.caption)))
    let shown =
      length > TextLimits.embeddedCaption
      ? "its page shows the first \(TextLimits.embeddedCaption)" : "its page shows it whole"
    warning(
      "embedded caption is \(length) characters long; \(shown), lists and alt text the first \(TextLimits.caption)",
      at: location)
    return (Text.short(head, limit: TextLimits.caption - 1), whole)
  }
}
