import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Issue 24: a staged build saves the photo index before its Images stage,
/// while it holds little but the loaded files. Saved after the Write stage,
/// it was encoded beside the whole site, plan and search index: the peak of
/// a large preview's memory.
@Suite("Memory: the photo index is saved before the images are made")
struct PhotoIndexSaveTests {
  /// The fake codec, noting at each image it makes whether the photo index is
  /// on disk yet.
  struct NotingCodec: ImageCodec {
    let codec: FakeCodec
    let index: String
    let saved = Locked<[Bool]>([])

    func header(of path: String) throws(ImageError) -> ImageHeader { try codec.header(of: path) }

    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      saved.withLock { $0.append(codec.fileSystem.exists(index)) }
      return try codec.render(source: source, run: run)
    }
  }

  @Test("a staged build has saved the photo index before it makes its first image")
  func savedBeforeImages() throws {
    let site = try MinimalSite.make(inMemory: true)
    let codec = NotingCodec(
      codec: FakeCodec(fileSystem: site.fileSystem),
      index: site.root + "/.cache/catgallery/photos/" + PhotoIndex.shardName(of: ""))
    let pipeline = Pipeline(
      fileSystem: site.fileSystem, codec: codec, metadata: FakeMetadataReader(fileSystem: site.fileSystem),
      now: { TestSite.now })
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/public")
    options.home = site.root + "/fake-home"
    #expect(pipeline.build(options).succeeded)
    #expect(!codec.saved.current.isEmpty)
    #expect(codec.saved.current.allSatisfy { $0 }, "images made before the index was saved")
  }

  @Test("a cache's one index file from before the index's folder is moved into it, and no photo is read again")
  func migrated() throws {
    let site = try MinimalSite.make(inMemory: true)
    let reader = CountingReader(inner: FakeMetadataReader(fileSystem: site.fileSystem))
    let pipeline = site.builder(metadata: reader)
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/public")
    options.home = site.root + "/fake-home"
    #expect(pipeline.build(options).succeeded)
    let cache = DerivativeCache(folder: site.root + "/.cache/catgallery", fileSystem: site.fileSystem)
    let index = cache.loadIndex()
    #expect(index.entries.count == 3)
    // The cache as a build before issue 24 left it; nothing in the site changes.
    try site.fileSystem.write(try index.json(), to: cache.indexFile)
    try site.fileSystem.remove(cache.indexFolder)
    reader.reads.set(0)
    try site.fileSystem.remove(site.root + "/public")
    #expect(pipeline.build(options).succeeded)
    #expect(reader.reads.current == 0)
    #expect(!site.fileSystem.exists(cache.indexFile))
    #expect(cache.loadIndex(folder: "") == index.shard(""))
  }
}
