import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// The Render stage hands its pages to the writer (`PageSink`) as it makes
/// them, a bounded batch at a time, so a build's memory grows with its
/// largest page, not with the site.
@Suite("Streamed render")
struct StreamedRenderTests {
  struct Stop: Error {}

  /// A counting fake of the writer: it keeps nothing, and records the most it
  /// was handed at once. It stops the render after `stopAfter` hand-offs,
  /// which only a renderer that hands pages on before it has made them all
  /// can reach.
  struct CountingSink: PageSink {
    var stopAfter: Int
    var handOffs = 0
    var files = 0
    var mostFiles = 0
    var mostBytes = 0
    var largestFile = 0

    mutating func write(_ batch: [OutputFile]) throws {
      handOffs += 1
      files += batch.count
      mostFiles = max(mostFiles, batch.count)
      mostBytes = max(mostBytes, batch.reduce(0) { $0 + $1.data.count })
      largestFile = max(largestFile, batch.map(\.data.count).max() ?? 0)
      if handOffs == stopAfter { throw Stop() }
    }
  }

  /// The plan of a site whose one category holds `count` photos.
  static func plan(photos count: Int) throws -> OutputPlan {
    let names = (1...count).map { "p\($0)" }
    return try plan(files: ["content/categories.plist": AlbumPagingTests.categories(names)], photos: names)
  }

  /// The plan of the site of `files` with the photos `names` (`.jpg`).
  static func plan(files: [String: String], photos names: [String]) throws -> OutputPlan {
    let test = try TestSite(files: files, inMemory: true)
    for name in names { try test.photo(name + ".jpg") }
    let source = SiteLoader(
      fileSystem: test.fileSystem, codec: FakeCodec(fileSystem: test.fileSystem),
      metadata: FakeMetadataReader(fileSystem: test.fileSystem)
    )
    .load(root: test.root)
    let (site, diagnostics) = SiteBuilder(now: TestSite.now).build(source)
    #expect(!diagnostics.hasErrors)
    return OutputPlanner.plan(site)
  }

  @Test("a 20,000-photo album reaches the writer a bounded batch at a time, never whole, and no page of it is large")
  func boundedBatches() throws {
    let plan = try Self.plan(photos: 20_000)
    #expect(plan.pages.count > 20_000)
    let (renderer, problems) = PageRenderer.prepare(theme: .builtIn)
    #expect(problems.isEmpty)
    // Eight batches take in the album's 200 pages of 100 photos and the first photos' pages.
    var sink = CountingSink(stopAfter: 8)
    #expect(throws: Stop.self) { _ = try renderer.render(plan, into: &sink) }
    #expect(sink.handOffs == 8)
    #expect(sink.files > 200)
    #expect(sink.mostFiles <= PageRenderer.batchSize)
    #expect(sink.largestFile < 300_000)
    #expect(sink.mostBytes < PageRenderer.batchSize * 300_000)
  }
}
