import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// Issue 24: a staged build hands freed memory back between its stages, so a
/// stage's allocations do not land beside what the stages before it let go.
@Suite("Memory: freed memory is handed back between stages")
struct MemoryReleaseTests {
  /// The fake codec, noting at each image it makes how often memory was released so far.
  struct NotingCodec: ImageCodec {
    let codec: FakeCodec
    let releases: Locked<Int>
    let seen = Locked<[Int]>([])

    func header(of path: String) throws(ImageError) -> ImageHeader { try codec.header(of: path) }

    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      seen.withLock { $0.append(releases.current) }
      return try codec.render(source: source, run: run)
    }
  }

  @Test("a staged build releases memory before its images, after them, and before it writes")
  func releasedBetweenStages() throws {
    let site = try MinimalSite.make(inMemory: true)
    let releases = Locked(0)
    let codec = NotingCodec(codec: FakeCodec(fileSystem: site.fileSystem), releases: releases)
    var pipeline = Pipeline(
      fileSystem: site.fileSystem, codec: codec, metadata: FakeMetadataReader(fileSystem: site.fileSystem),
      now: { TestSite.now })
    pipeline.releaseMemory = { releases.increment() }
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/public")
    options.home = site.root + "/fake-home"
    #expect(pipeline.build(options).succeeded)
    #expect(!codec.seen.current.isEmpty)
    #expect(codec.seen.current.allSatisfy { $0 == 1 }, "images made with memory released \(codec.seen.current) times")
    #expect(releases.current == 3)
  }
}
