import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Every user-facing problem line goes through `DiagnosticPrinter`: one format,
/// one order.
@Suite("Diagnostic printer")
struct DiagnosticPrinterTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var diagnostic: Diagnostic
    var line: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "no location", diagnostic: .error("serve crashed"), line: "error: serve crashed"),
    Case(
      name: "file only", diagnostic: .warning("unused photo", at: SourceLocation(file: "content/photos/a.jpg")),
      line: "content/photos/a.jpg: warning: unused photo"),
    Case(
      name: "file and line",
      diagnostic: .error("no caption", at: SourceLocation(file: "content/parks.plist", line: 14)),
      line: "content/parks.plist:14: error: no caption"),
    Case(
      name: "file, line and column",
      diagnostic: .error("expected a number", at: SourceLocation(file: "content/cats.json", line: 7, column: 12)),
      line: "content/cats.json:7:12: error: expected a number"),
    Case(
      name: "key path when there is no line",
      diagnostic: .error("rating must be 1-5", at: SourceLocation(file: "content/cats.json", keyPath: "[3].rating")),
      line: "content/cats.json: error: rating must be 1-5 (at [3].rating)"),
    Case(
      name: "a line beats the key path",
      diagnostic: .error("bad", at: SourceLocation(file: "content/site.yml", line: 2, keyPath: "title")),
      line: "content/site.yml:2: error: bad"),
    Case(
      name: "note", diagnostic: .note("content/cats.json was not changed"),
      line: "note: content/cats.json was not changed"),
  ]

  @Test("each diagnostic is one compiler-style line", arguments: cases)
  func line(_ testCase: Case) {
    let printed = LockedLines()
    DiagnosticPrinter { printed.append($0) }.print([testCase.diagnostic])
    #expect(printed.all == [testCase.line])
  }

  /// File names that try to reach the terminal: each is printed escaped,
  /// on one line.
  static let hostileNames: [(name: String, printed: String)] = [
    ("\u{1B}[2J\u{1B}[Hclear.jpg", "\\x1B[2J\\x1B[Hclear.jpg"),
    ("bell\u{07}.jpg", "bell\\x07.jpg"),
    ("a.jpg\nerror: forged line", "a.jpg\\nerror: forged line"),
    ("cr\rover.jpg", "cr\\rover.jpg"),
    ("tab\there.jpg", "tab\\there.jpg"),
    ("del\u{7F}.jpg", "del\\x7F.jpg"),
    ("csi\u{9B}31m.jpg", "csi\\u{9B}31m.jpg"),
    ("osc\u{1B}]0;title\u{07}.jpg", "osc\\x1B]0;title\\x07.jpg"),
    ("nul\u{0}.jpg", "nul\\x00.jpg"),
    ("gpj.\u{202E}exe", "gpj.\\u{202E}exe"),
    ("line\u{2028}sep.jpg", "line\\u{2028}sep.jpg"),
    ("Café ünïcode 猫.jpg", "Café ünïcode 猫.jpg"),
  ]

  @Test("control characters in a name are escaped in the printed line", arguments: hostileNames)
  func escaped(_ name: String, _ printed: String) {
    let lines = LockedLines()
    let diagnostic = Diagnostic.warning("left out: \(name) is odd", at: SourceLocation(file: "Holiday/" + name))
    DiagnosticPrinter { lines.append($0) }.print([diagnostic])
    DiagnosticPrinter { lines.append($0) }.print(diagnostic)
    let expected = "Holiday/\(printed): warning: left out: \(printed) is odd"
    #expect(lines.all == [expected, expected])
    #expect(DiagnosticPrinter.lines([diagnostic]) == [expected])
  }

  @Test("sorted by file, line and column; as found otherwise")
  func order() {
    let diagnostics: [Diagnostic] = [
      .error("b2", at: SourceLocation(file: "b", line: 2)),
      .error("a9", at: SourceLocation(file: "a", line: 9)),
      .warning("b1", at: SourceLocation(file: "b", line: 1)),
      .error("first"), .note("second"),
    ]
    #expect(
      DiagnosticPrinter.lines(diagnostics) == [
        "error: first", "note: second", "a:9: error: a9", "b:1: warning: b1", "b:2: error: b2",
      ])
    #expect(DiagnosticPrinter.lines(diagnostics, sorted: false).first == "b:2: error: b2")
  }

  @Test("the closing count names each severity asked for")
  func tally() {
    let diagnostics: [Diagnostic] = [.error("a"), .warning("b"), .error("c"), .note("d")]
    #expect(diagnostics.tally(.error) == "2 error(s)")
    #expect(diagnostics.tally(.error, .warning) == "2 error(s), 1 warning(s)")
    #expect([Diagnostic]().tally(.error, .warning) == "0 error(s), 0 warning(s)")
  }
}
