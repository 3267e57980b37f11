import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// `build` publishes none of what a camera wrote: photos given a GPS position,
/// serial number, owner, maker notes, an embedded thumbnail, XMP and IPTC by
/// exiftool go through the whole pipeline with the real codec, in every format
/// a site can ask for, with link-preview copies and zips of the largest copies,
/// and every published image is read back with exiftool. (WebP copies once
/// carried all of it: libvips 8.14's webpsave ignores "strip".)
@Suite("Published copies are bare")
struct StrippedBuildTests {
  static let exiftool = "/usr/bin/exiftool"
  static let secret = "SN-4242-PRIVATE"
  /// What a camera writes, and a photographer's tools after it.
  static let camera = [
    "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E", "-Make=Canon",
    "-Model=Canon EOS R6", "-SerialNumber=\(secret)", "-OwnerName=Jane Q Owner",
    "-MakerNoteUnknownText=private maker notes \(secret)", "-XMP-dc:Creator=Jane Q Owner",
    "-XMP-exif:GPSLatitude=48.8584 N", "-IPTC:By-line=Jane Q Owner",
  ]
  /// Groups of photo metadata, as `exiftool -G1` names them.
  static let forbidden = ["IFD0", "IFD1", "ExifIFD", "GPS", "InteropIFD", "XMP", "IPTC", "MakerNotes", "Photoshop"]

  @Test(
    "no published image of a build holds EXIF, XMP or IPTC",
    .enabled(if: FileManager.default.isExecutableFile(atPath: exiftool)))
  func bare() throws {
    let site = try Program.realSite(replacing: [
      "content/site.yml": "base_url: https://example.org/\nzip: true\nimages:\n  formats: [avif, webp, jpeg]\n"
    ])
    let thumbnail = site.root + "/thumb.jpg"
    _ = try Fixtures.vips("vipsthumbnail", [Fixtures.image("landscape.jpg"), "-s", "32", "-o", thumbnail])
    for photo in ["falls1.jpg", "sleepy1.jpg", "cat1.png"] {
      let thumb = photo.hasSuffix(".jpg") ? ["-ThumbnailImage<=" + thumbnail] : []
      try MadeImages.run(
        Self.exiftool, ["-q", "-overwrite_original"] + Self.camera + thumb + [site.root + "/content/photos/" + photo])
    }
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let builder = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now })
    let report = builder.build(BuildOptions(siteRoot: site.root))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let images = try FileManager.default.contentsOfDirectory(atPath: site.root + "/public/images")
      .map { site.root + "/public/images/" + $0 }
    #expect(Set(images.map { URL(fileURLWithPath: $0).pathExtension }).isSuperset(of: ["avif", "webp", "jpg", "png"]))
    var leaks: [String] = []
    for path in images {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      if data.range(of: Data(Self.secret.utf8)) != nil { leaks.append("\(path): \(Self.secret)") }
      let tags = try MadeImages.run(Self.exiftool, ["-a", "-u", "-G1", "-s", path])
      for line in tags.split(separator: "\n") {
        let group = line.drop { $0 == "[" }.prefix { $0 != "]" }
        if Self.forbidden.contains(where: { group.hasPrefix($0) }) || line.contains("GPS") {
          leaks.append("\(URL(fileURLWithPath: path).lastPathComponent): \(line)")
        }
      }
    }
    #expect(leaks.isEmpty, "\(leaks.prefix(10))")
  }
}
