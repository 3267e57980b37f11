import Foundation
import Testing

@testable import GalleryCore

/// The two header styles sigal reads, the sort orders, and Markdown as plain text.
@Suite("Markdown headers")
struct MarkdownHeaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// "key=value@line" for each field.
    var fields: [String]
    var body: String
    var bodyLine: Int
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "Key: value lines up to the first blank line", text: "Title: Trip\nThumbnail: a.jpg\n\nBody *text*.\n",
      fields: ["title=Trip@1", "thumbnail=a.jpg@2"], body: "Body *text*.\n", bodyLine: 4),
    Case(
      name: "keys are case-insensitive, a value may contain colons", text: "TITLE: Day 1: the coast\n\nx",
      fields: ["title=Day 1: the coast@1"], body: "x", bodyLine: 3),
    Case(
      name: "a line indented four spaces continues the value", text: "Title: A long\n    title\nSort: date\n\nx",
      fields: ["title=A long title@1", "sort=date@3"], body: "x", bodyLine: 5),
    Case(
      name: "no key line first: no header", text: "# Heading\n\nTitle: not a key here\n",
      fields: [], body: "# Heading\n\nTitle: not a key here\n", bodyLine: 1),
    Case(
      name: "a line that is no key ends the header without a blank line", text: "Title: T\nJust text.\n",
      fields: ["title=T@1"], body: "Just text.\n", bodyLine: 2),
    Case(
      name: "YAML front matter", text: "---\ntitle: \"Quoted: yes\"\nhidden: true\n---\nBody\n",
      fields: ["title=Quoted: yes@2", "hidden=true@3"], body: "Body\n", bodyLine: 5),
    Case(
      name: "YAML front matter closed by ...", text: "---\ntitle: T\n...\nBody",
      fields: ["title=T@2"], body: "Body", bodyLine: 4),
    Case(
      name: "sigal's lines between --- that are not YAML", text: "---\nTitle: Trip: day 1\nSort: -date\n---\nBody",
      fields: ["title=Trip: day 1@2", "sort=-date@3"], body: "Body", bodyLine: 5),
    Case(
      name: "--- never closed: Key: value lines after it", text: "---\nTitle: T\n\nBody",
      fields: ["title=T@2"], body: "Body", bodyLine: 4),
  ]

  @Test("header styles", arguments: cases)
  func header(_ test: Case) {
    var diagnostics = DiagnosticCollector()
    let header = MarkdownHeader.parse(FolderText(file: "f.md", text: test.text), diagnostics: &diagnostics)
    #expect(diagnostics.list.map(\.description) == [])
    #expect(header.fields.map { "\($0.key)=\($0.value)@\($0.location.line ?? 0)" } == test.fields)
    #expect(header.body == test.body)
    #expect(header.bodyLine == test.bodyLine)
  }

  @Test(
    "sort orders",
    arguments: [
      ("date", MediaOrder(.date)), ("-date", MediaOrder(.date, reversed: true)), ("Name", MediaOrder(.name)),
      ("-name", MediaOrder(.name, reversed: true)), ("name desc", MediaOrder(.name, reversed: true)),
      ("date asc", MediaOrder(.date)), ("filename", MediaOrder(.name)), ("size", nil), ("date sideways", nil),
      ("", nil),
    ] as [(String, MediaOrder?)])
  func orders(_ text: String, _ expected: MediaOrder?) {
    #expect(MediaOrder(text) == expected)
  }

  @Test(
    "dates taken as sort keys",
    arguments: [
      ("2024:05:01 14:03:22", "20240501140322"), ("2024-05-01T14:03:22+02:00", "20240501140322"),
      ("2024:05:01", "20240501000000"), ("0000:00:00 00:00:00", nil), ("    :  :     :  :  ", nil), ("soon", nil),
    ] as [(String, String?)])
  func dates(_ taken: String, _ expected: String?) {
    #expect(MediaOrder.sortKey(taken: taken) == expected)
  }

  @Test("Markdown as plain text: every paragraph, or the first")
  func plainText() {
    let markdown = "# Summer\n\nTwo *weeks* by\nthe [sea](https://x.org) and `code`.\n\n<b>raw</b> Second.\n"
    #expect(Markdown.plainText(markdown, firstParagraph: true) == "Two weeks by the sea and code.")
    // Safe mode drops the tags of raw HTML, not the words between them.
    #expect(Markdown.plainText(markdown) == "Summer Two weeks by the sea and code. raw Second.")
    #expect(Markdown.plainText("") == "")
  }
}
