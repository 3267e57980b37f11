/// The words of a text as search knows them: compatibility-decomposed,
/// without combining marks, lower-cased, split at anything that is not a
/// letter or a digit. "Égyptienne" and "EGYPTIENNE" are both "egyptienne", "Ｃａｔ" is "cat".
///
/// `assets/search.js` folds a query by the same steps (`normalize('NFKD')`,
/// drop `\p{M}`, `toLowerCase`, split at `[^\p{L}\p{N}]`): the two must
/// agree, or a word in the index could never be typed.
enum SearchTerms {
  /// A word longer than this is cut: a pasted URL is not worth its bytes.
  static let longest = 40

  /// The distinct terms of `text`, in the order they first appear.
  static func of(_ text: String) -> [String] {
    var seen: Set<String> = []
    return words(fold(text)).filter { seen.insert($0).inserted }
  }

  static func fold(_ text: String) -> String {
    // ASCII has no marks and nothing to decompose: folding is lower-casing,
    // without Foundation's Unicode passes (most of the search stage's time).
    if Text.isASCII(text) { return text.lowercased() }
    let bare = stripMarks(text.decomposedStringWithCompatibilityMapping).lowercased()
    // Lower-casing can make new decomposable letters (İ → i̇): fold once more.
    return stripMarks(bare.decomposedStringWithCompatibilityMapping)
  }

  private static func stripMarks(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars where !isMark(scalar) { scalars.append(scalar) }
    return String(scalars)
  }

  private static func words(_ folded: String) -> [String] {
    if Text.isASCII(folded) { return asciiWords(folded) }
    var words: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      if isWordScalar(scalar) {
        current.append(scalar)
      } else if !current.isEmpty {
        words.append(cut(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { words.append(cut(current)) }
    return words
  }

  /// `words` of ASCII text: runs of letters and digits found on the bytes,
  /// without building a scalar view per word (most of the index's folding).
  private static func asciiWords(_ folded: String) -> [String] {
    var words: [String] = []
    let bytes = Array(folded.utf8)
    var start = 0
    while start < bytes.count {
      guard isWordByte(bytes[start]) else {
        start += 1
        continue
      }
      var end = start + 1
      while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
      words.append(String(decoding: bytes[start..<min(end, start + longest)], as: UTF8.self))
      start = end
    }
    return words
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: false
    }
  }

  private static func cut(_ scalars: String.UnicodeScalarView) -> String {
    String(String.UnicodeScalarView(scalars.prefix(longest)))
  }

  private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: false
    }
  }

  /// `\p{L}` or `\p{N}`, as the query's regular expression has it.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    // In ASCII only the letters and digits are; no need to ask Unicode's tables.
    if scalar.isASCII {
      return switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9": true
      default: false
      }
    }
    return switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
      .letterNumber, .otherNumber:
      true
    default: false
    }
  }
}
