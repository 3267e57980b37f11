import Foundation
import Testing

@testable import GalleryCore

/// The byte passes for ASCII text (`Text.tidy`, a fact's first words) give
/// what the Character passes give.
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

  @Test(
    "a field is trimmed as Foundation trims whitespace and newlines, ends without any kept as they are",
    arguments: [
      "", " ", "a", " a", "a ", "\n\ta b\n", "\u{00A0}nbsp", "line sep\u{2028}", "\u{301}mark first", "é",
      "\u{3000}ideographic\u{3000}", "zero width\u{200B}", "Cucumber Falls",
    ])
  func trimmed(text: String) {
    #expect(Text.trimmed(text) == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test(
    "a fact's slug words are its first six words",
    arguments: [
      ("Cats sleep and purr more than 4 times a day.", "Cats sleep and purr more than"),
      ("one two three four five six", "one two three four five six"),
      ("two words", "two words"), ("", ""), ("Zoë naps on the warm sofa all day", "Zoë naps on the warm sofa"),
    ])
  func firstWords(text: String, words: String) {
    #expect(SiteBuilder.firstWords(text) == words)
  }
}
