/// The rule a cat's name and owner and a photo's caption share for
/// characters that hide, reorder or break text: control characters, line
/// and paragraph separators and the invisible format characters (bidi
/// overrides and isolates, U+200E/U+200F marks, zero-width spaces, the byte
/// order mark, soft hyphens, tag characters).
///
/// One exception: a zero-width non-joiner or joiner (U+200C, U+200D) with a
/// visible character on each side (a letter, mark, digit or symbol), as
/// Persian (می‌خوام), Indic scripts (क्‍ष) and emoji sequences (🐈‍⬛) need
/// them. At the start or the end, next to a space or another joiner, one is
/// refused like any other format character.
enum HiddenCharacters {
  private static let hidden: Set<Unicode.GeneralCategory> = [
    .control, .format, .lineSeparator, .paragraphSeparator,
  ]
  private static let joiners: Set<UInt32> = [0x200C, 0x200D]
  private static let visible: Set<Unicode.GeneralCategory> = [
    .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
    .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
  ]

  /// The first character of `text` the rule refuses, nil when there is none.
  static func first(in text: String) -> Unicode.Scalar? {
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where hidden.contains(scalar.properties.generalCategory) {
      let between =
        joiners.contains(scalar.value)
        && [index - 1, index + 1].allSatisfy { side in
          scalars.indices.contains(side) && visible.contains(scalars[side].properties.generalCategory)
        }
      if !between { return scalar }
    }
    return nil
  }
}
