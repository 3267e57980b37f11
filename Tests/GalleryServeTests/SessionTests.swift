import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput
@testable import GalleryServe

@Suite("Serve and preview sessions")
struct SessionTests {
  /// What a session reported, in order, as the executable prints it: stderr
  /// for diagnostics, stdout for status lines.
  final class Printed: Sendable {
    private let state = Locked<[String]>([])
    var lines: [String] { state.current }

    func report(_ message: SessionMessage) {
      state.withLock { lines in
        switch message {
        case .diagnostics(let diagnostics): lines += diagnostics.sortedForPrinting().map { "stderr: \($0)" }
        case .status(let line): lines.append("stdout: " + line)
        case .timings(let report): lines.append("timings: \(report.timings.map(\.stage))")
        case .progress, .videoProgress: break
        case .listening(let url): lines.append("listening: " + url)
        }
      }
    }
  }

  /// One rebuild's result and the flags it is reported under.
  struct Rebuild: Sendable, CustomTestStringConvertible {
    var succeeded: Bool
    var quiet = false
    var verbose = false
    var expected: [String]
    var testDescription: String { "succeeded \(succeeded), quiet \(quiet), verbose \(verbose)" }
  }

  static let warning = "stderr: content/cats.json:3: warning: w"
  static let rebuilt = "stdout: rebuilt in N ms: 2 pages rendered, 3 files changed, 1 images processed"
  static let failed = "stderr: note: rebuild failed; still serving the last good site"

  static let rebuilds = [
    Rebuild(succeeded: true, expected: [warning, rebuilt]),
    Rebuild(succeeded: true, verbose: true, expected: [warning, rebuilt, "timings: [\"render\"]"]),
    Rebuild(succeeded: true, quiet: true, verbose: true, expected: [warning]),
    Rebuild(succeeded: false, expected: [warning, failed]),
    Rebuild(succeeded: false, quiet: true, expected: [warning, failed]),
  ]

  @Test("a rebuild reports its diagnostics, then what it did or that the last good site stays", arguments: rebuilds)
  func rebuildReport(_ rebuild: Rebuild) {
    let printed = Printed()
    let settings = ServeSettings(
      siteRoot: "/site", server: ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60)),
      quiet: rebuild.quiet, verbose: rebuild.verbose)
    var result = BuildReport()
    result.succeeded = rebuild.succeeded
    result.diagnostics = [.warning("w", at: SourceLocation(file: "content/cats.json", line: 3))]
    result.pagesRendered = 2
    result.changedFiles = 3
    result.imagesProcessed = 1
    result.timings = [("render", 0.01)]
    ServeSession.reporter(settings, report: printed.report)(Date(), result)
    let lines = printed.lines.map { $0.replacing(/rebuilt in \d+ ms/, with: "rebuilt in N ms") }
    #expect(lines == rebuild.expected)
  }

  @Test("serve of a folder without content/ says so and fails without listening")
  func serveWithoutContent() async {
    let printed = Printed()
    let fileSystem = MemoryFileSystem(files: ["/site/site.yml": "title: x\n"])
    let settings = ServeSettings(
      siteRoot: "/site", server: ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60)))
    let served = await ServeSession.run(
      settings, fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), report: printed.report)
    #expect(!served)
    #expect(printed.lines == ["stderr: error: no content/ folder in /site (use --site to point at a site)"])
  }

  @Test("preview of a folder that is not there names it as given and fails")
  func previewWithoutFolder() async {
    let printed = Printed()
    let fileSystem = MemoryFileSystem()
    let settings = PreviewSettings(
      folder: "no/such/photos", cacheHome: "/cache",
      server: ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60)))
    let previewed = await PreviewSession.run(
      settings, fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), report: printed.report)
    #expect(!previewed)
    #expect(printed.lines == ["stderr: error: no/such/photos is not a folder"])
  }

  @Test(
    "the edit forms are on for a loopback address, or when allowed",
    arguments: [
      ("127.0.0.1", false, true), ("127.8.9.10", false, true), ("::1", false, true), ("localhost", false, true),
      ("0.0.0.0", false, false), ("192.168.1.2", false, false), ("0.0.0.0", true, true),
    ])
  func editing(_ host: String, allowEdit: Bool, on: Bool) {
    let server = ServerSettings(host: host, port: 0, readTimeout: .seconds(60))
    #expect(ServeSettings(siteRoot: "/site", server: server, allowEdit: allowEdit).editing == on)
  }

  @Test("a previewed folder has one workspace under the cache home, whatever path names it")
  func workspace() {
    let server = ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60))
    let folder = NSTemporaryDirectory() + "photos"
    let plain = PreviewSettings(folder: folder, cacheHome: "/cache", server: server)
    let dotted = PreviewSettings(folder: folder + "/./", cacheHome: "/cache", server: server)
    let other = PreviewSettings(folder: folder + "2", cacheHome: "/cache", server: server)
    #expect(plain.workspace == dotted.workspace)
    #expect(plain.workspace != other.workspace)
    #expect(plain.workspace.wholeMatch(of: /\/cache\/catgallery\/preview\/[0-9a-f]{16}/) != nil)
  }
}
