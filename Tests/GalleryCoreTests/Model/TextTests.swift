import Testing

@testable import GalleryCore

/// `Text.tidy`'s byte pass for ASCII text gives what the Character pass gives.
@Suite("Tidy text")
struct TextTests {
  @Test(
    "ASCII whitespace runs become one space and the ends are trimmed, as by Unicode's whitespace",
    arguments: [
      "", " ", "  a  ", "a\tb", "a\r\nb", "\r\n", "a \u{0B}\u{0C} b", "line\none\n", "x", "  many   spaces here ",
      "tab\t\t\tend\t", "a\u{1F}b", "Fact 00001: cats sleep and purr more than 4 times a day.",
    ])
  func tidy(text: String) {
    #expect(Text.tidy(text) == Text.tidyCharacters(text))
    #expect(Text.tidy(text + " é") == Text.tidyCharacters(text + " é"), "the Character pass for other text")
  }
}
