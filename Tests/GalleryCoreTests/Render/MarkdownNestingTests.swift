import Testing

@testable import GalleryCore

/// Markdown under a page's own h1 (an album's text, a photo's caption): its
/// headings start at h2 and never skip a level, whatever levels it was written in.
@Suite("Markdown headings nested below the page's")
struct MarkdownNestingTests {
  struct Case: Sendable, CustomStringConvertible {
    var markdown: String
    var levels: [Int]
    var description: String { markdown.replacingOccurrences(of: "\n", with: " ") }
  }

  static let cases: [Case] = [
    Case(markdown: "# Trip\n\ntext", levels: [2]),
    Case(markdown: "# Trip\n\n## Day one\n\n### Morning", levels: [2, 3, 4]),
    Case(markdown: "## Day one\n\ntext\n\n## Day two", levels: [2, 2]),
    Case(markdown: "### Only a small one", levels: [2]),
    Case(markdown: "# Trip\n\n### Skipped a level\n\n# Home", levels: [2, 3, 2]),
    Case(markdown: "### Small first\n\n# Big after", levels: [2, 2]),
    Case(markdown: "# a\n## b\n### c\n#### d\n##### e\n###### f", levels: [2, 3, 4, 5, 6, 6]),
  ]

  @Test("headings become h2 and below, in order, with no level skipped", arguments: cases)
  func nested(_ test: Case) {
    let note = Note(file: "Holiday/index.md", frontMatter: [:], markdown: test.markdown, firstLine: 1)
    let html = Markdown.html(note, nestedBelow: 1)?.html ?? ""
    let levels = html.components(separatedBy: "<h").dropFirst().compactMap { $0.first?.wholeNumberValue }
    #expect(levels == test.levels, "\(html)")
  }

  @Test(
    "one paragraph of plain words is plain; a list, a link, a break or a second paragraph is not",
    arguments: [
      ("Tom on the wall", true), ("Tom\non the wall", true), ("- Tom\n- Ginger", false),
      ("Tom [on the wall](https://example.com)", false), ("Tom  \non the wall", false), ("Tom\n\nGinger", false),
      ("Tom *asleep*", false),
    ])
  func plain(markdown: String, isPlain: Bool) {
    #expect(Markdown.isPlain(markdown) == isPlain)
  }
}
