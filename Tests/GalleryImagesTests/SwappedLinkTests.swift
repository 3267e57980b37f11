import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// A previewed folder read, then a symbolic link out of it swapped in before
/// its photos are decoded, as an attacker racing the build does: the photo
/// is decoded from the file that was checked or not at all, and nothing from
/// outside the folder is published.
@Suite("a link swapped in after the check")
struct SwappedLinkTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// Swaps a link to `outside` into `folder` (the previewed folder, which
    /// holds sub/a.jpg).
    var swap: @Sendable (_ folder: String, _ outside: String) throws -> Void
  }

  static let cases = [
    Case(description: "the photo itself") { folder, outside in
      try FileManager.default.removeItem(atPath: folder + "/sub/a.jpg")
      try FileManager.default.createSymbolicLink(atPath: folder + "/sub/a.jpg", withDestinationPath: outside + "/a.jpg")
    },
    Case(description: "a folder on its path") { folder, outside in
      try FileManager.default.moveItem(atPath: folder + "/sub", toPath: folder + "/moved")
      try FileManager.default.createSymbolicLink(atPath: folder + "/sub", withDestinationPath: outside)
    },
  ]

  @Test("the outside photo is never decoded or published", arguments: cases)
  func swapped(_ test: Case) throws {
    let photos = try TestSite()
    let outside = try TestSite()
    // Inside: a landscape photo; outside, under the same name, a portrait one.
    try photos.write("sub/a.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("landscape.jpg"))))
    try outside.write("a.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("portrait.jpg"))))
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), index: PhotoIndex()
    ).load(folder: photos.root)
    #expect(source.photos.map(\.relativePath) == ["sub/a.jpg"])

    try test.swap(photos.root, outside.root)
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(source, options: options)
    let name = (photos.root as NSString).lastPathComponent
    #expect(
      TestSite.lines(report).contains(
        "\(name)/sub/a.jpg: error: cannot process image: it was replaced by a symbolic link while the site"
          + " was read; it was not read"), "\(TestSite.lines(report))")
    // The portrait stands taller than wide: no image of the site does.
    let images = (try? FileManager.default.contentsOfDirectory(atPath: workspace.root + "/site/images")) ?? []
    for image in images {
      let header = try codec.header(of: workspace.root + "/site/images/" + image)
      #expect(header.storedWidth >= header.storedHeight, "\(image) is the outside photo")
    }
  }
}
