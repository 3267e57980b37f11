import Foundation
import Testing

@testable import GalleryCore

/// The record loop the Model parsers share: what it reports and what it skips.
@Suite("Record reader")
struct RecordReaderTests {
  /// The `name` of each record of `text` (JSON, or a plist when `file` says so).
  func names(
    _ text: String, file: String = "things.json", skipsEmpty: Bool = false, skipsFaulty: Bool = false
  ) throws -> (names: [String], diagnostics: [String]) {
    let root =
      file.hasSuffix(".plist")
      ? try PlistReader.parse(Data(text.utf8), file: file) : try JSONReader.parse(Data(text.utf8), file: file)
    var diagnostics = DiagnosticCollector()
    let names = RecordReader.records(
      in: root, file: file, noun: "thing", plural: "things", skipsEmpty: skipsEmpty, skipsFaulty: skipsFaulty,
      diagnostics: &diagnostics
    ) { fields, number, diagnostics -> String? in
      guard let name = fields.string("name", required: true, &diagnostics) else { return nil }
      _ = fields.integer("size", &diagnostics)
      return "\(number):\(name)"
    }
    return (names, diagnostics.list.map(\.description))
  }

  @Test("each record is read with its number and a reader named after it")
  func readsRecords() throws {
    let result = try names(#"[{"name": "a"}, {"name": "b"}]"#)
    #expect(result.names == ["1:a", "2:b"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test("no file gives no records and no diagnostics")
  func noFile() {
    var diagnostics = DiagnosticCollector()
    let records = RecordReader.records(
      in: nil, file: "things.json", noun: "thing", plural: "things", diagnostics: &diagnostics
    ) { _, number, _ in number }
    #expect(records.isEmpty && diagnostics.list.isEmpty)
  }

  @Test("a root that is not an array is one error, in the format's words")
  func rootNotArray() throws {
    #expect(
      try names(#"{"name": "a"}"#).diagnostics == ["things.json:1:1: error: things.json must be an array of things"])
    let plist = "<plist><dict><key>name</key><string>a</string></dict></plist>"
    #expect(
      try names(plist, file: "things.plist").diagnostics == [
        "things.plist:1: error: things.plist must have an array of things at its root"
      ])
  }

  @Test("an element that is not a dictionary is an error and skipped; the rest are read")
  func notADictionary() throws {
    let result = try names(#"[3, {"name": "b"}]"#)
    #expect(result.names == ["2:b"])
    #expect(result.diagnostics == ["things.json:1:2: error: thing 1 must be an object, found an integer"])
    let plist = "<plist><array><string>x</string></array></plist>"
    #expect(
      try names(plist, file: "things.plist").diagnostics == [
        "things.plist:1: error: thing 1 must be a dictionary, found a string"
      ])
  }

  @Test("empty elements are errors, or warnings and skipped when asked")
  func emptyElements() throws {
    #expect(
      try names("[null, {}]").diagnostics == [
        "things.json:1:2: error: thing 1 must be an object, found null",
        "things.json:1:8: error: thing 2 has no \"name\"",
      ])
    #expect(
      try names("[null, {}]", skipsEmpty: true).diagnostics == [
        "things.json:1:2: warning: thing 1 is empty; skipped",
        "things.json:1:8: warning: thing 2 is empty; skipped",
      ])
  }

  @Test("a record whose reading reported an error is kept, or skipped when asked")
  func faultyRecords() throws {
    let text = #"[{"name": "a", "size": "big"}, {"name": "b"}]"#
    let error = "things.json:1:24: error: \"size\" of thing 1 must be an integer, found a string"
    #expect(try names(text).names == ["1:a", "2:b"])
    #expect(try names(text).diagnostics == [error])
    #expect(try names(text, skipsFaulty: true).names == ["2:b"])
    #expect(try names(text, skipsFaulty: true).diagnostics == [error])
  }

  @Test("nested lists name their records after the owner")
  func nestedList() throws {
    let node = try JSONReader.parse(Data(#"[{"caption": "x"}, "y"]"#.utf8), file: "p.json")
    var diagnostics = DiagnosticCollector()
    let captions = RecordReader.records(
      node.array ?? [], container: "a dictionary", owner: { "photo \($0) of park \"P\"" }, diagnostics: &diagnostics
    ) { fields, _, diagnostics in fields.string("caption", &diagnostics) }
    #expect(captions == ["x"])
    #expect(
      diagnostics.list.map(\.description) == [
        "p.json:1:20: error: photo 2 of park \"P\" must be a dictionary, found a string"
      ])
  }

  @Test("hasErrors(since:) sees only errors collected after the count")
  func errorsSince() {
    var diagnostics = DiagnosticCollector()
    diagnostics.error("old", at: SourceLocation(file: "f"))
    let count = diagnostics.list.count
    #expect(!diagnostics.hasErrors(since: count))
    diagnostics.warning("new warning", at: SourceLocation(file: "f"))
    #expect(!diagnostics.hasErrors(since: count))
    diagnostics.error("new error", at: SourceLocation(file: "f"))
    #expect(diagnostics.hasErrors(since: count))
  }
}
