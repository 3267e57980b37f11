import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryImages

/// One printer shows both kinds of progress; the image kind is covered in
/// `ImagePipelineTests`, the fetch kind here.
@Suite("Progress printer")
struct ProgressPrinterTests {
  static func fetched(_ requests: Int, at elapsed: Double) -> FetchProgress {
    FetchProgress(requests: requests, bytes: 1_048_576 * requests, elapsed: elapsed)
  }

  @Test("off a terminal, a fetch's first line waits the interval, then one per interval")
  func fetchOffTerminal() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: false, interval: 5, waitsForFirstLine: true) { lines.append($0) }
    for second in 1...11 { printer.report(Self.fetched(second, at: Double(second))) }
    printer.finish()
    #expect(
      lines.all == [
        "fetch: 5 requests, 5.0 MB, 1.0 MB/s\n",
        "fetch: 10 requests, 10.0 MB, 1.0 MB/s\n",
      ])
  }

  @Test("a fetch done within the interval prints no line off a terminal")
  func quickFetch() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: false, waitsForFirstLine: true) { lines.append($0) }
    printer.report(Self.fetched(3, at: 1))
    printer.finish()
    #expect(lines.all.isEmpty)
  }

  @Test("on a terminal, a fetch redraws one labelled line and finish ends it")
  func fetchOnTerminal() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: true, waitsForFirstLine: true) { lines.append($0) }
    printer.report(Self.fetched(1, at: 1))
    printer.report(Self.fetched(2, at: 2))
    printer.finish()
    printer.finish()
    #expect(
      lines.all == [
        "\r\u{1B}[Kfetch: 1 requests, 1.0 MB, 1.0 MB/s", "\r\u{1B}[Kfetch: 2 requests, 2.0 MB, 1.0 MB/s", "\n",
      ])
  }

  @Test("a finished image run ends its own line, so finish adds none")
  func imagesFinish() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: true) { lines.append($0) }
    printer.report(BuildProgress(done: 2, total: 2, elapsed: 1))
    printer.finish()
    #expect(lines.all.count == 1)
    #expect(lines.all.first?.hasSuffix("\n") == true)
  }
}
