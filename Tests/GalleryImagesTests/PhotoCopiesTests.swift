import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Copies of one photo under other names (a fetch of an API that reuses
/// images makes hundreds): decoded once per build, each copy still gets every
/// derivative under its own name and the photo's warnings at its own file.
@Suite("Photo copies")
struct PhotoCopiesTests {
  /// `FakeCodec`, counting the decodes of each source file by its content
  /// (a photo is decoded through its open descriptor, whose path is reused).
  struct CountingCodec: ImageCodec {
    let fake: FakeCodec
    let decoded = Locked([String: Int]())

    func header(of path: String) throws(ImageError) -> ImageHeader { try fake.header(of: path) }

    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      let content = (try? fake.fileSystem.contents(of: source)).map { String(decoding: $0, as: UTF8.self) }
      decoded.withLock { $0[content ?? source, default: 0] += 1 }
      return try fake.render(source: source, run: run)
    }
  }

  static func build(_ site: TestSite, codec: CountingCodec) -> BuildReport {
    var options = BuildOptions(siteRoot: site.root)
    options.home = site.root + "/fake-home"
    return Pipeline(
      fileSystem: site.fileSystem, codec: codec, metadata: FakeMetadataReader(fileSystem: site.fileSystem),
      now: { TestSite.now }
    ).build(options)
  }

  @Test("two copies of a photo are decoded once and each has its own derivatives and warning")
  func copiesDecodedOnce() throws {
    let site = try MinimalSite.make()
    for name in ["falls1.jpg", "sleepy1.jpg"] {
      try site.write("content/photos/" + name, "FAKE 800x600 damaged")
    }
    let codec = CountingCodec(fake: FakeCodec(fileSystem: site.fileSystem))
    let report = Self.build(site, codec: codec)
    #expect(report.succeeded)
    #expect(report.imagesProcessed == 3 && report.imagesReused == 0)
    let decodes = codec.decoded.current
    #expect(decodes.count == 2, "one decode per distinct content: \(decodes)")
    #expect(decodes.values.allSatisfy { $0 == 1 }, "\(decodes)")
    #expect(
      TestSite.lines(report) == [
        "content/photos/falls1.jpg: warning: the image is damaged",
        "content/photos/sleepy1.jpg: warning: the image is damaged",
      ])
    // Placing a derivative the cache lacks fails the build: each copy has its own.
    let images = site.files(under: "public/images").keys
    #expect(images.contains { $0.hasPrefix("falls1-") } && images.contains { $0.hasPrefix("sleepy1-") })
  }
}
