import Foundation

/// Small, pure text helpers shared by the Model stage.
package enum Text {
  /// True when `text` is all ASCII: it has no marks to strip and nothing to
  /// compose, so lower-casing is all the folding it needs (most names are).
  package static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

  /// Collapses runs of whitespace to one space and trims the ends.
  package static func tidy(_ text: String) -> String {
    // ASCII's whitespace is tab to carriage return and space: for such text
    // (most captions and facts) one pass over the bytes, without asking
    // Unicode's tables about every Character.
    guard isASCII(text) else { return tidyCharacters(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var space = false
    for byte in text.utf8 {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        space = !bytes.isEmpty
      } else {
        if space { bytes.append(0x20) }
        space = false
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` without whitespace and newlines at its ends, as
  /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it, but without
  /// asking Foundation when neither end has any: a data file's every field is
  /// trimmed on every rebuild, and most have nothing to trim.
  package static func trimmed(_ text: String) -> String {
    let ends = CharacterSet.whitespacesAndNewlines
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      !ends.contains(first) && !ends.contains(last)
    else { return text.trimmingCharacters(in: ends) }
    return text
  }

  /// `tidy` by Characters and Unicode's whitespace, for any text.
  static func tidyCharacters(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// A file name as a caption: "IMG_2.jpg" → "IMG 2", "river-view.png" → "river view";
  /// bytes of the name that are not UTF-8 shown as U+FFFD (`PathBytes`).
  package static func readable(fileName: String) -> String {
    let stem = PathBytes.display(Path.stem(of: fileName))
    return tidy(stem.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " "))
  }

  /// "7  -  10" → "7–10": a numeric range with an en dash, as typography wants.
  package static func range(_ text: String) -> String {
    let parts = text.split(separator: "-").map { tidy(String($0)) }
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else { return tidy(text) }
    return parts[0] + "–" + parts[1]
  }

  /// Whether `text` is an absolute http or https URL with a host.
  package static func isWebURL(_ text: String) -> Bool {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else { return false }
    return true
  }

  package static func isSecureURL(_ text: String) -> Bool {
    isWebURL(text) && text.lowercased().hasPrefix("https://")
  }

  /// `text` cut at the last word boundary within `limit` characters, with "…",
  /// for a link that names a long caption; shorter text is returned whole.
  package static func short(_ text: String, limit: Int = 80) -> String {
    guard text.count > limit else { return text }
    let head = text.prefix(limit)
    // The head ends a word when the next character is a space.
    let endsWord = text[head.endIndex].isWhitespace
    let cut = endsWord ? head : head.lastIndex(where: \.isWhitespace).map { head[..<$0] } ?? head
    return cut.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)) + "…"
  }

  /// "3 photos", "1 photo".
  package static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : (plural ?? singular + "s"))"
  }
}

/// Turns names into URL path segments: lowercase ASCII letters, digits and dashes.
package enum Slug {
  package static func make(_ text: String) -> String {
    // ASCII has no diacritics: lower-casing is all the folding it needs.
    let folded =
      Text.isASCII(text)
      ? text.lowercased() : text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
    var slug = ""
    var dash = false
    for scalar in folded.unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        if dash, !slug.isEmpty { slug += "-" }
        slug.unicodeScalars.append(scalar)
        dash = false
      } else {
        dash = true
      }
    }
    return slug.isEmpty ? "item" : String(slug.prefix(60))
  }

  /// The slug of a page's name. A site's own names keep their plain slug, so two
  /// that slug alike reach the output-path check as a collision the user can fix;
  /// names catgallery made itself (`madeNames`: a previewed folder's files, which
  /// nobody can rename there) are told apart by `unique`.
  package static func name(_ text: String, taken: inout Set<String>, madeNames: Bool) -> String {
    madeNames ? unique(text, taken: &taken) : make(text)
  }

  /// Gives each name a slug unique within `taken`, adding -2, -3… on collisions.
  package static func unique(_ text: String, taken: inout Set<String>) -> String {
    let base = make(text)
    var slug = base
    var counter = 2
    while taken.contains(slug) {
      slug = "\(base)-\(counter)"
      counter += 1
    }
    taken.insert(slug)
    return slug
  }
}
