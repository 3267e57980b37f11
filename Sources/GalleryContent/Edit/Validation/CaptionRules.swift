import Foundation
import GalleryCore

/// What a photo caption may be: the rule the caption command, the caption
/// form and the server share, with the length the build itself allows.
package enum CaptionRules {
  /// In characters (Unicode code points) after trimming.
  package static let length = 1...TextLimits.caption

  /// The caption to store for `raw`: trimmed, 1 to 2,000 characters, no
  /// control characters (a property list cannot hold most of them, and a
  /// caption is one line). Throws `.invalid` naming the field otherwise.
  static func check(_ raw: String) throws(EditError) -> String {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    let allowed = "\(length.lowerBound) to \(length.upperBound) characters with no control characters"
    let found: String
    // The characters a cat's name refuses too (they hide or reorder text, or
    // break the line), and the noncharacters XML cannot hold (U+FFFE, U+FFFF…).
    if HiddenCharacters.first(in: text) != nil
      || text.unicodeScalars.contains(where: { $0.properties.isNoncharacterCodePoint })
    {
      found = "a control character"
    } else if !length.contains(text.unicodeScalars.count) {
      found = text.isEmpty ? "nothing" : "\(text.unicodeScalars.count) characters"
    } else {
      return text
    }
    throw .invalid([FieldProblem(field: "caption", message: "caption must be \(allowed), found \(found)")])
  }
}
