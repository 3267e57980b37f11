import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryMetadata
@testable import GalleryOutput

/// Previews Fixtures/golden-preview/Trip, a folder kept as a sigal user keeps
/// one (index.md at three depths in both header styles, a photo's text file,
/// `.nomedia`, a hidden file, NAS litter, a file that is no image), with the
/// real codec and exiv2, and compares every text file to
/// Fixtures/golden-preview-expected. CATGALLERY_RECORD=1 rewrites it, as for
/// the golden site.
@Suite("Golden preview")
struct GoldenPreviewTests {
  static let expectedFolder = Fixtures.folder + "/golden-preview-expected"

  /// What the preview says: the one file it leaves out, by its path.
  static let diagnostics = [
    "Trip/broken.jpg: warning: left out: not a readable image: not a known image format"
  ]

  @Test("a nested folder previews to exactly the expected tree")
  func golden() throws {
    let work = NSTemporaryDirectory() + "golden-preview-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Fixtures.folder + "/golden-preview/Trip", toPath: work + "/Trip")
    let files = LocalFileSystem()
    let codec = try VipsCodec(fileSystem: files)
    let reader = try Exiv2Reader()
    let source = PreviewSource(fileSystem: files, codec: codec, metadata: reader, index: PhotoIndex())
      .load(folder: work + "/Trip")
    var options = BuildOptions(siteRoot: work, output: work + "/out")
    options.cacheFolder = work + "/.cache"
    let report = Pipeline(fileSystem: files, codec: codec, metadata: reader, now: { TestSite.now })
      .build(source, options: options)
    #expect(TestSite.lines(report) == Self.diagnostics)
    try #require(report.succeeded)
    // Six photos, each at least a WebP and its square thumbnails.
    try GoldenSiteTests.checkImages(in: work + "/out/images", atLeast: 12)
    try GoldenSiteTests.compare(try GoldenSiteTests.snapshot(of: work + "/out"), with: Self.expectedFolder)
  }
}
