import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// A caption a photo carries in its own metadata is never the user's error:
/// however long, the preview is built, the photo's page shows it whole, and
/// lists and alt text show its beginning with one warning.
@Suite("long embedded captions", .enabled(if: ExifTool.runs))
struct LongCaptionTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// The copy of landscape.jpg the photo starts from: "jpg", or "tif" made by vips.
    var format: String
    var tag: String
  }

  static let cases = [
    Case(description: "XMP dc:Description of a JPEG", format: "jpg", tag: "-XMP-dc:Description"),
    Case(description: "EXIF ImageDescription of a JPEG", format: "jpg", tag: "-EXIF:ImageDescription"),
    Case(description: "ImageDescription of a TIFF", format: "tif", tag: "-IFD0:ImageDescription"),
  ]

  @Test("a caption of 2,500 characters is kept whole on its page and shortened elsewhere", arguments: cases)
  func longCaption(_ test: Case) throws {
    let caption = Exiv2ReaderTests.text(2_500)
    var base = Fixtures.image("landscape.jpg")
    let scratch = try TestSite()
    if test.format == "tif" {
      base = scratch.root + "/base.tif"
      try MadeImages.run("/usr/bin/vips", ["copy", Fixtures.image("landscape.jpg"), base])
    }
    let photos = try ExifTool.photos([("long.\(test.format)", ["\(test.tag)=\(caption)"])], base: base)
    let (report, workspace) = try MetadataSiteTests.preview(photos.root)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let lines = TestSite.lines(report)
    let warning =
      "/long.\(test.format): warning: embedded caption is 2500 characters long; its page shows it whole,"
      + " lists and alt text the first 2000"
    #expect(lines.contains { $0.hasSuffix(warning) }, "\(lines)")
    let pages = TestSite.files(in: workspace.root + "/out").filter { $0.key.hasSuffix(".html") }
    let photoPage = try #require(
      pages.first { $0.key.hasSuffix("/long-\(test.format)/index.html") }.map {
        String(decoding: $0.value, as: UTF8.self)
      })
    #expect(photoPage.contains(">\(caption)</h1>"))
    for (path, data) in pages {
      let html = String(decoding: data, as: UTF8.self)
      for alt in html.matches(of: #/alt="([^"]*)"/#) {
        #expect(alt.1.count <= TextLimits.caption, "\(path): alt text of \(alt.1.count) characters")
      }
    }
  }
}
