import Foundation
import Testing

@testable import GalleryCore

/// A hundred cats with an http photo are one warning line with a count, not
/// a hundred: the lines would bury every other message of a build or a
/// serve rebuild. Errors are never grouped.
@Suite("Diagnostic printer: repeated warnings")
struct DiagnosticPrinterGroupingTests {
  static func httpPhotos(_ count: Int) -> [Diagnostic] {
    (1...count).map { number in
      .warning(
        "photoUrl of cat \(number) \"Cat \(number)\" is not https; showing a placeholder (browsers block insecure images)",
        at: SourceLocation(file: "content/cats.json", line: 3 + number * 10, column: 17))
    }
  }

  @Test("warnings of one kind in one file are one line with their count")
  func grouped() {
    let lines = DiagnosticPrinter.lines(
      Self.httpPhotos(100) + [.warning("unused photo", at: SourceLocation(file: "content/photos/a.jpg"))])
    #expect(
      lines == [
        "content/cats.json: warning: photoUrl of cat 1 \"Cat 1\" is not https; showing a placeholder (browsers block insecure images) (and 99 more like it in this file, 100 in all; --verbose lists them)",
        "content/photos/a.jpg: warning: unused photo",
      ])
  }

  @Test("--verbose lists every one")
  func verbose() {
    #expect(DiagnosticPrinter.lines(Self.httpPhotos(100), verbose: true).count == 100)
  }

  @Test("errors are all printed, and warnings between them keep their place")
  func errors() {
    let errors = (1...50).map { number in
      Diagnostic.error(
        "\"rating\" of cat \(number) must be from 1 to 5, found 9",
        at: SourceLocation(file: "content/cats.json", line: 5 + number * 10))
    }
    let lines = DiagnosticPrinter.lines(errors + Self.httpPhotos(100))
    #expect(lines.count == 51)
    #expect(lines.filter { $0.contains(": error: ") }.count == 50)
    #expect(lines[0].hasPrefix("content/cats.json:13:17: warning: ") == false)
    #expect(lines.contains { $0.hasPrefix("content/cats.json: warning: photoUrl of cat 1 ") })
  }

  @Test(
    "a few of a kind, or the same kind in other files, are printed as they are",
    arguments: [
      [("content/cats.json", 1), ("content/cats.json", 2)],
      [("content/cats.json", 1), ("content/breeds.json", 2), ("content/facts.json", 3)],
    ])
  func ungrouped(_ places: [(String, Int)]) {
    let list = places.map { file, number in
      Diagnostic.warning("photoUrl of cat \(number) is not https", at: SourceLocation(file: file, line: number))
    }
    #expect(DiagnosticPrinter.lines(list).count == list.count)
  }
}
