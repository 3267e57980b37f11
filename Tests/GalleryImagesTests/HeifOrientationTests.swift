import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryImages
@testable import GalleryOutput

/// A HEIF picture is turned by its own `irot`/`imir` boxes alone, never by an
/// EXIF Orientation tag it also carries: so Apple Photos, browsers showing
/// AVIF, libheif and libvips show it, and an iPhone's HEIC, which has both,
/// is turned once rather than twice. A JPEG's EXIF orientation still applies.
@Suite(
  "HEIF orientation",
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/vips")))
struct HeifOrientationTests {
  /// `name`, 60×40 as stored, its EXIF Orientation set to 6 (turn right).
  static func exifTurned(_ name: String, in folder: String) throws {
    let source = folder + "/source.png"
    try MadeImages.run("/usr/bin/vips", ["black", folder + "/black.v", "60", "40"])
    try MadeImages.run("/usr/bin/vips", ["copy", folder + "/black.v", source])
    try MadeImages.run("/usr/bin/vips", ["copy", source, folder + "/" + name])
    try MadeImages.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-n", "-Orientation=6", folder + "/" + name])
    for scratch in [source, folder + "/black.v"] { try FileManager.default.removeItem(atPath: scratch) }
  }

  @Test(
    "EXIF Orientation 6 turns a JPEG upright but not a HEIC without irot, which shows as stored",
    arguments: [("turned.jpg", 40, 60), ("stored.heic", 60, 40), ("stored.avif", 60, 40)])
  func orientation(name: String, width: Int, height: Int) throws {
    let site = try TestSite()
    let gallery = site.root + "/gallery"
    try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
    try Self.exifTurned(name, in: gallery)
    #expect(try MadeImages.run("/usr/bin/exiftool", ["-s3", "-n", "-Orientation", gallery + "/" + name]) == "6\n")
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let header = try codec.header(of: gallery + "/" + name)
    #expect(header.width == width && header.height == height, "\(header)")
    let options = BuildOptions(siteRoot: site.root, output: site.root + "/out")
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now })
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(),
      index: pipeline.cache(options).loadIndex()
    ).load(folder: gallery)
    let report = pipeline.build(source, options: options)
    #expect(report.succeeded && TestSite.lines(report).isEmpty, "\(TestSite.lines(report))")
    let images = site.root + "/out/images/"
    let slug = Path.stem(of: name)
    let made = try FileManager.default.contentsOfDirectory(atPath: images)
      .filter { $0.hasPrefix("\(slug)-\(width)x\(height).") }
    // The largest copy, the size of the picture as shown, and no other shape.
    #expect(!made.isEmpty)
    for file in made {
      let copy = try codec.header(of: images + file)
      #expect(copy.width == width && copy.height == height, "\(file): \(copy)")
    }
  }
}
