import Testing

@testable import GalleryContent

/// Which invisible characters a name, an owner or a caption may hold: a
/// joiner between visible characters, nothing else that hides or reorders text.
@Suite("Hidden characters")
struct HiddenCharactersTests {
  @Test(
    "a zero-width joiner or non-joiner between visible characters is kept",
    arguments: [
      "می\u{200C}خوام",  // Persian: ZWNJ between letters
      "क्\u{200D}ष",  // Devanagari: ZWJ after a virama (a mark)
      "\u{1F408}\u{200D}\u{2B1B}",  // 🐈‍⬛
      "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",  // 🏳️‍🌈: after a variation selector
      "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}",  // 👩🏽‍💻: after a skin tone
      "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",  // 👨‍👩‍👧
      "Mochi", "Priya Raman", "5\u{200C}5",
    ])
  func kept(_ text: String) {
    #expect(HiddenCharacters.first(in: text) == nil)
    #expect((try? CaptionRules.check(text)) == text)
  }

  @Test(
    "anything else that hides, reorders or breaks text is refused",
    arguments: [
      ("\u{200D}Mochi", 0x200D), ("Mochi\u{200C}", 0x200C), ("Mo\u{200D}\u{200D}chi", 0x200D),
      ("Mochi\u{200C} Two", 0x200C), ("Mochi \u{200D}Two", 0x200D), ("\u{200D}", 0x200D),
      ("Mo\u{202E}chi", 0x202E), ("Mo\u{2066}chi\u{2069}", 0x2066), ("Mo\u{2067}chi", 0x2067),
      ("Mo\u{2068}chi", 0x2068), ("Mo\u{200E}chi", 0x200E), ("Mo\u{200F}chi", 0x200F), ("Mo\u{FEFF}chi", 0xFEFF),
      ("Mo\u{00AD}chi", 0x00AD), ("Mo\u{200B}chi", 0x200B), ("Mo\u{2060}chi", 0x2060), ("Mo\u{0007}chi", 0x0007),
      ("Mo\u{2028}chi", 0x2028), ("\u{1F3F4}\u{E0067}\u{E007F}", 0xE0067),
    ] as [(String, UInt32)])
  func refused(_ text: String, scalar: UInt32) {
    #expect(HiddenCharacters.first(in: text)?.value == scalar)
    #expect((try? CaptionRules.check(text)) == nil)
  }
}
