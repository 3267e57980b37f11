import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryMetadata

/// exiv2 reading photos exiftool wrote, through the interpreter: what a photo
/// says about itself, as the site will use it.
@Suite("metadata read by exiv2", .enabled(if: ExifTool.runs))
struct Exiv2ReaderTests {
  static func metadata(_ path: String) throws -> MediaMetadata {
    MetadataInterpreter.interpret(try Exiv2Reader().read(MetadataInterpreter.tags, from: path))
  }

  static func text(_ count: Int) -> String {
    let words = "Morning fog over the gorge, the falls loud below the old bridge. "
    return String(String(repeating: words, count: count / words.count + 1).prefix(count - 1)) + "."
  }

  /// The lengths that broke the byte scan (one IPTC length byte held 251), and the limit.
  static let lengths = [1, 251, 252, 2_000]

  struct Case: Sendable {
    var name: String
    var arguments: [String]
    var caption: String?

    init(_ name: String, _ arguments: [String], _ caption: String?) {
      self.name = name
      self.arguments = arguments
      self.caption = caption
    }
  }

  static let lengthCases: [Case] = lengths.flatMap { (length: Int) -> [Case] in
    let caption = text(length)
    return [
      Case("xmp-\(length).jpg", ["-XMP-dc:Description=" + caption], caption),
      Case("iptc-\(length).jpg", ["-IPTC:Caption-Abstract=" + caption], caption),
      Case("exif-\(length).jpg", ["-EXIF:ImageDescription=" + caption], caption),
    ]
  }

  static let captions: [Case] =
    lengthCases + [
      // IPTC in UTF-8, declared or not, in Latin-1 (exiftool's default without
      // a declaration), and in Windows-1252 with its curly quotes.
      Case(
        "iptc-utf8.jpg", ["-IPTC:CodedCharacterSet=UTF8", "-IPTC:Caption-Abstract=Café crème, Zürich"],
        "Café crème, Zürich"),
      Case("iptc-utf8-undeclared.jpg", ["-charset", "iptc=UTF8", "-IPTC:Caption-Abstract=Café crème"], "Café crème"),
      Case("iptc-latin1.jpg", ["-IPTC:Caption-Abstract=Café crème, Zürich"], "Café crème, Zürich"),
      Case("iptc-cp1252.jpg", ["-charset", "iptc=cp1252", "-IPTC:Caption-Abstract=“Quoted” café"], "“Quoted” café"),
      // XMP over IPTC over EXIF.
      Case(
        "all-three.jpg",
        ["-XMP-dc:Description=From XMP", "-IPTC:Caption-Abstract=From IPTC", "-EXIF:ImageDescription=From EXIF"],
        "From XMP"),
      Case("iptc-exif.jpg", ["-IPTC:Caption-Abstract=From IPTC", "-EXIF:ImageDescription=From EXIF"], "From IPTC"),
      Case("xmp-languages.jpg", ["-XMP-dc:Description=Sunset", "-XMP-dc:Description-de=Abendrot"], "Sunset"),
      Case("xmp-markup.jpg", ["-XMP-dc:Description=Fox & hound <3, \"quoted\""], "Fox & hound <3, \"quoted\""),
      // Camera boilerplate is no caption, wherever a tool copied it.
      Case("olympus.jpg", ["-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA"], nil),
      Case("sony.jpg", ["-EXIF:ImageDescription=SONY DSC  "], nil),
      Case("dji.jpg", ["-EXIF:ImageDescription=DCIM\\100MEDIA\\DJI_0001.JPG"], nil),
      Case("blank.jpg", ["-EXIF:ImageDescription=   "], nil),
      Case(
        "copied.jpg", ["-XMP-dc:Description=DIGITAL CAMERA", "-EXIF:ImageDescription=Sunset over the gorge"],
        "Sunset over the gorge"),
      Case("none.jpg", ["-EXIF:Make=Canon"], nil),
    ]

  @Test("captions: XMP, then IPTC, then EXIF, whole, in their character set, boilerplate skipped")
  func captions() throws {
    let site = try ExifTool.photos(Self.captions.map { ($0.name, $0.arguments) })
    for test in Self.captions {
      let read = try Self.metadata(site.root + "/" + test.name)
      #expect(read.caption == test.caption, "\(test.name)")
      #expect(read.caption?.count == test.caption?.count, "\(test.name)")
    }
  }

  @Test("title: XMP dc:title, else IPTC ObjectName")
  func titles() throws {
    let site = try ExifTool.photos([
      ("both.jpg", ["-XMP-dc:Title=Falls", "-IPTC:ObjectName=Object"]),
      ("iptc.jpg", ["-IPTC:ObjectName=Object"]),
    ])
    #expect(try Self.metadata(site.root + "/both.jpg").title == "Falls")
    #expect(try Self.metadata(site.root + "/iptc.jpg").title == "Object")
  }

  @Test("camera, lens, exposure, date taken, keywords and rating")
  func fields() throws {
    let site = try ExifTool.photos([
      (
        "full.jpg",
        [
          "-EXIF:Make=NIKON CORPORATION", "-EXIF:Model=NIKON D750", "-EXIF:LensModel=AF-S NIKKOR 50mm f/1.8G",
          "-EXIF:FNumber=2.8", "-EXIF:ExposureTime=1/250", "-EXIF:ISO=200", "-EXIF:FocalLength=50",
          "-EXIF:DateTimeOriginal=2023:05:01 14:03:22", "-EXIF:OffsetTimeOriginal=+02:00",
          "-IPTC:Keywords=falls", "-IPTC:Keywords=Fog", "-XMP-dc:Subject=fog", "-XMP-dc:Subject=bridge",
          "-XMP-xmp:Rating=4",
        ]
      ),
      ("apex.jpg", ["-EXIF:ApertureValue=4", "-EXIF:LensModel=----", "-EXIF:ISO=0"]),
    ])
    var expected = MediaMetadata()
    expected.camera = "Nikon D750"
    expected.lens = "AF-S NIKKOR 50mm f/1.8G"
    expected.aperture = 2.8
    expected.exposure = 1.0 / 250
    expected.iso = 200
    expected.focalLength = 50
    expected.taken = "2023:05:01 14:03:22"
    expected.takenOffset = "+02:00"
    expected.keywords = ["fog", "bridge", "falls"]
    expected.rating = 4
    #expect(try Self.metadata(site.root + "/full.jpg") == expected)
    let apex = try Self.metadata(site.root + "/apex.jpg")
    #expect(apex.aperture.map { ($0 * 10).rounded() / 10 } == 4)
    #expect(apex.lens == nil)
    #expect(apex.iso == nil)
  }

  @Test("GPS, serial numbers and owner names are read (to be published only if opted in)")
  func privateFields() throws {
    let site = try ExifTool.photos([
      (
        "private.jpg",
        [
          "-GPSLatitude=47.3769", "-GPSLatitudeRef=N", "-GPSLongitude=8.5417", "-GPSLongitudeRef=W",
          "-EXIF:SerialNumber=2081234", "-EXIF:LensSerialNumber=L-99", "-EXIF:OwnerName=Jane Roe",
          "-EXIF:Artist=Jane Roe", "-EXIF:Copyright=© Roe Photo",
        ]
      )
    ])
    let read = try Self.metadata(site.root + "/private.jpg")
    #expect(read.gps == "47.3769, -8.5417")
    #expect(read.serial == "2081234; L-99")
    #expect(read.owner == "Jane Roe; © Roe Photo")
  }

  @Test("bytes that look like an IPTC caption outside the IPTC block are no caption")
  func falseMarker() throws {
    // An uncompressed TIFF whose pixels are the IPTC caption marker (1C 02 78),
    // a length and text, and a JPEG whose comment holds the same: the byte
    // scan found "Fake caption" in both.
    let site = try TestSite()
    let marker: [UInt8] = [0x1C, 0x02, 0x78, 0x00, 0x0C] + Array("Fake caption".utf8)
    let pixels = (marker + [UInt8](repeating: 0x80, count: 64 - marker.count)) + [UInt8](repeating: 0x40, count: 64 * 7)
    try (Data("P5\n64 8\n255\n".utf8) + Data(pixels)).write(to: URL(fileURLWithPath: site.root + "/marker.pgm"))
    _ = try Fixtures.vips("vips", ["copy", site.root + "/marker.pgm", site.root + "/marker.tif"])
    let tiff = try Data(contentsOf: URL(fileURLWithPath: site.root + "/marker.tif"))
    #expect(tiff.firstRange(of: Data(marker)) != nil, "the marker is in the TIFF's pixels")
    #expect(try Self.metadata(site.root + "/marker.tif").caption == nil)
    try Data(marker).write(to: URL(fileURLWithPath: site.root + "/marker.bin"))
    let commented = try ExifTool.photos([("marker.jpg", ["-Comment<=" + site.root + "/marker.bin"])])
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: commented.root + "/marker.jpg"))
    #expect(jpeg.firstRange(of: Data(marker)) != nil, "the marker is in the JPEG")
    #expect(try Self.metadata(commented.root + "/marker.jpg").caption == nil)
  }
}

/// exiv2 on the committed fixtures: no exiftool needed.
@Suite("metadata of committed fixtures")
struct Exiv2FixtureTests {
  @Test("the committed camera fixture")
  func cameraFixture() throws {
    let read = try Exiv2ReaderTests.metadata(Fixtures.image("camera.jpg"))
    #expect(read.camera == "Canon EOS R6")
    #expect(read.taken == "2019:10:07 12:34:56")
    #expect(try Exiv2ReaderTests.metadata(Fixtures.image("described.jpg")).caption == "Sunset over the gorge")
  }

  @Test(
    "a file exiv2 cannot read has no metadata",
    arguments: ["truncated.jpg", "empty.jpg", "not-an-image.jpg", "truncated-data.jpg", "alpha.png"])
  func unreadable(_ name: String) throws {
    #expect(try Exiv2ReaderTests.metadata(Fixtures.image(name)).caption == nil)
  }
}
