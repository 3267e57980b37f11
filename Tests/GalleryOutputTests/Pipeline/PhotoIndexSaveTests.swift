import Foundation
import TestSupport
import Testing

@testable import GalleryCore
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
      codec: FakeCodec(fileSystem: site.fileSystem), index: site.root + "/.cache/catgallery/photos.json")
    let pipeline = Pipeline(
      fileSystem: site.fileSystem, codec: codec, metadata: FakeMetadataReader(fileSystem: site.fileSystem),
      now: { TestSite.now })
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/public")
    options.home = site.root + "/fake-home"
    #expect(pipeline.build(options).succeeded)
    #expect(!codec.saved.current.isEmpty)
    #expect(codec.saved.current.allSatisfy { $0 }, "images made before the index was saved")
  }
}
