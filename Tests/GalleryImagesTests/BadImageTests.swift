import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Broken photos through the whole build with the real codec: each gets one error
/// naming it, the good photos are still processed, and the last good site stays.
@Suite("Bad images")
struct BadImageTests {
  static let cases: [(fixture: String, message: String)] = [
    ("truncated.jpg", "error: cannot read image: not a readable image: "),
    ("truncated-data.jpg", "error: cannot process image: cannot decode: "),
    ("empty.jpg", "error: cannot read image: file is empty"),
    ("not-an-image.jpg", "error: cannot read image: not a readable image: not a known image format"),
  ]

  @Test("a camera raw file is named as unsupported, not skipped in silence, and the others are processed")
  func unsupported() throws {
    let site = try MinimalSite.make()
    try site.write("content/photos/IMG_0042.CR2", "raw sensor data")
    let report = site.build()
    #expect(!report.succeeded)
    #expect(
      TestSite.lines(report) == [
        "content/photos/IMG_0042.CR2: error: cannot read image: unsupported image format .cr2; export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF"
      ])
    #expect(report.imagesProcessed > 0)
  }

  @Test("each broken photo is named, the others are processed, public/ is kept", arguments: cases)
  func badImage(_ testCase: (fixture: String, message: String)) throws {
    let site = try Program.realSite()
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    var options = BuildOptions(siteRoot: site.root)
    let builder = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now })
    #expect(builder.build(options).succeeded)
    let before = try String(contentsOfFile: site.root + "/public/parks/index.html", encoding: .utf8)

    // A new, broken photo in a category, beside a new good one.
    try site.write(
      "content/photos/broken.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image(testCase.fixture))))
    try site.write(
      "content/photos/fine.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("camera.jpg"))))
    try site.write(
      "content/categories.plist",
      MinimalSite.categories.replacingOccurrences(
        of: "<string>sleepy1</string>", with: "<string>sleepy1</string><string>broken</string><string>fine</string>"))
    options.force = false
    let report = builder.build(options)
    #expect(!report.succeeded)
    let lines = TestSite.lines(report)
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.hasPrefix("content/photos/broken.jpg: " + testCase.message) == true, "\(lines)")
    #expect(report.imagesProcessed >= 1, "the good new photo was still processed")
    #expect(try String(contentsOfFile: site.root + "/public/parks/index.html", encoding: .utf8) == before)
  }
}
