import Foundation
import Testing

@testable import GalleryCore

/// The rules that turn raw tags into `MediaMetadata`, on values: no files.
@Suite("Metadata interpreter")
struct MetadataInterpreterTests {
  static func bytes(_ text: String) -> RawMetadata.Value { .bytes(Array(text.utf8)) }

  @Test(
    "stored text: UTF-8 when valid, else Latin-1 with Windows-1252's letters; cut at NUL",
    arguments: [
      ([0x43, 0x61, 0x66, 0xC3, 0xA9], "Café"),
      ([0x43, 0x61, 0x66, 0xE9, 0x20, 0x63, 0x72, 0xE8, 0x6D, 0x65], "Café crème"),
      ([0x93, 0x51, 0x94, 0x20, 0x80], "“Q” €"),
      ([0x81, 0xE9], "\u{81}é"),
      ([0x43, 0x61, 0x6E, 0x6F, 0x6E, 0x00], "Canon"),
      ([0x41, 0x00, 0x42], "A"),
      ([], ""),
    ] as [([UInt8], String)])
  func decode(_ bytes: [UInt8], _ text: String) {
    #expect(MetadataText.decode(bytes) == text)
  }

  @Test(
    "an XMP date (an XMP sidecar's, which exiv2 does not copy into EXIF) is a date taken with its zone",
    arguments: [
      ("2021-06-01T12:30:00+02:00", "2021:06:01 12:30:00", "+02:00"),
      ("2021-06-01T12:30:00", "2021:06:01 12:30:00", nil),
      ("2021-06-01T12:30:00Z", "2021:06:01 12:30:00", "+00:00"),
      ("2021-06-01T12:30:00.25-05:00", "2021:06:01 12:30:00", "-05:00"),
      ("2021-06-01T12:30+01:00", "2021:06:01 12:30:00", "+01:00"),
    ] as [(String, String, String?)])
  func xmpDate(_ raw: String, _ taken: String, _ offset: String?) throws {
    let date = try #require(MetadataInterpreter.xmpDate(raw))
    #expect(date.0 == taken)
    #expect(date.1 == offset)
  }

  @Test("an XMP date without a time, or of year 0, is none", arguments: ["2021-06-01", "0000-00-00T00:00:00", "soon"])
  func noXMPDate(_ raw: String) {
    #expect(MetadataInterpreter.xmpDate(raw) == nil)
  }

  @Test(
    "an XMP language alternative gives its first (x-default) text whole",
    arguments: [
      ("lang=\"x-default\" Sunset", "Sunset"),
      ("lang=\"x-default\" Sunset, lang=\"de\" Abendrot", "Sunset"),
      ("lang=\"x-default\" Red, white, and blue, lang=\"fr-CA\" Rouge", "Red, white, and blue"),
      ("lang=\"x-default\" He said lang=\"x\" once", "He said lang=\"x\" once"),
      ("lang=\"en-GB\" Colour", "Colour"),
      ("Plain text", "Plain text"),
      ("lang=\"x-default\" ", ""),
    ])
  func languageDefault(_ raw: String, _ text: String) {
    #expect(MetadataText.languageDefault(raw) == text)
  }

  @Test(
    "camera boilerplate and blanks are no caption; what a person wrote is",
    arguments: [
      ("OLYMPUS DIGITAL CAMERA", true), ("SONY DSC", true), ("  sony   dsc ", true), ("DIGITAL CAMERA", true),
      ("KONICA MINOLTA DIGITAL CAMERA", true), ("Exif_JPEG_PICTURE", true), ("default", true), ("", true),
      ("   \n\t", true), ("\0\0\0", true), ("DCIM\\100MEDIA\\DJI_0001.JPG", true), ("DCIM/100CANON", true),
      ("hdrpl", true), ("SAMSUNG", true), ("Sony DSC-RX100 at the lake", false), ("A digital camera on a table", false),
      ("DCIM folder and I", false), ("Olympus", false), ("Morning fog", false),
    ])
  func boilerplate(_ text: String, _ isBoilerplate: Bool) {
    #expect(CameraBoilerplate.contains(text) == isBoilerplate)
  }

  @Test(
    "a camera as a photographer names it",
    arguments: [
      ("Canon", "Canon EOS R6", "Canon EOS R6"),
      ("NIKON CORPORATION", "NIKON D750", "Nikon D750"),
      ("NIKON CORPORATION", "COOLPIX P1000", "Nikon COOLPIX P1000"),
      ("SONY", "ILCE-7M3", "Sony ILCE-7M3"),
      ("FUJIFILM", "X-T3", "Fujifilm X-T3"),
      ("OLYMPUS IMAGING CORP.  ", "E-M5MarkII", "Olympus E-M5MarkII"),
      ("OM Digital Solutions", "OM-1", "OM System OM-1"),
      ("PENTAX RICOH IMAGING", "PENTAX K-3", "Pentax K-3"),
      ("RICOH IMAGING COMPANY, LTD.", "GR III", "Ricoh GR III"),
      ("EASTMAN KODAK COMPANY", "KODAK EASYSHARE C813 ZOOM DIGITAL CAMERA", "Kodak EASYSHARE C813 ZOOM DIGITAL CAMERA"),
      ("KONICA MINOLTA", "DiMAGE Z3", "Konica Minolta DiMAGE Z3"),
      ("Apple", "iPhone 12", "Apple iPhone 12"),
      ("Blackmagic Design", "Pocket 6K", "Blackmagic Design Pocket 6K"),
      (nil, "iPhone 12", "iPhone 12"),
      ("Apple", nil, nil),
      ("Canon", "  ", nil),
    ] as [(String?, String?, String?)])
  func camera(_ make: String?, _ model: String?, _ name: String?) {
    #expect(CameraName.make(make: make, model: model) == name)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var raw: [String: RawMetadata.Value]
    var expected: MediaMetadata
    var testDescription: String { name }

    init(_ name: String, _ raw: [String: RawMetadata.Value], _ fill: (inout MediaMetadata) -> Void) {
      self.name = name
      self.raw = raw
      var expected = MediaMetadata()
      fill(&expected)
      self.expected = expected
    }
  }

  static let long = String(repeating: "a very long caption ", count: 100)

  static let cases: [Case] = [
    Case("nothing", [:]) { _ in },
    Case(
      "XMP caption wins over IPTC and EXIF",
      [
        "Xmp.dc.description": .text("lang=\"x-default\" From XMP"), "Iptc.Application2.Caption": bytes("From IPTC"),
        "Exif.Image.ImageDescription": bytes("From EXIF"),
      ]
    ) { $0.caption = "From XMP" },
    Case(
      "IPTC over EXIF", ["Iptc.Application2.Caption": bytes("From IPTC"), "Exif.Image.ImageDescription": bytes("E")]
    ) {
      $0.caption = "From IPTC"
    },
    Case(
      "boilerplate skipped to the next source",
      ["Xmp.dc.description": .text("lang=\"x-default\" SONY DSC"), "Exif.Image.ImageDescription": bytes("Real one")]
    ) { $0.caption = "Real one" },
    Case("2,000 characters come through whole", ["Xmp.dc.description": .text("lang=\"x-default\" \(long)")]) {
      $0.caption = Text.tidy(long)
    },
    Case("title from XMP, else IPTC", ["Iptc.Application2.ObjectName": bytes("Object")]) { $0.title = "Object" },
    Case(
      "exposure values from rationals",
      [
        "Exif.Photo.FNumber": .text("14/5"), "Exif.Photo.ExposureTime": .text("1/250"),
        "Exif.Photo.FocalLength": .text("500/10"), "Exif.Photo.ISOSpeedRatings": .text("100 200"),
      ]
    ) {
      $0.aperture = 2.8
      $0.exposure = 0.004
      $0.focalLength = 50
      $0.iso = 100
    },
    Case(
      "zeros and broken rationals say nothing",
      [
        "Exif.Photo.FNumber": .text("0/0"), "Exif.Photo.ExposureTime": .text("0/1"),
        "Exif.Photo.FocalLength": .text("x"), "Exif.Photo.ISOSpeedRatings": .text("0"),
        "Exif.Photo.DateTimeOriginal": .text("0000:00:00 00:00:00"), "Exif.Photo.LensModel": bytes("0.0 mm f/0.0"),
      ]
    ) { _ in },
    Case(
      "date taken with its offset",
      ["Exif.Photo.DateTimeOriginal": .text("2023:05:01 14:03:22"), "Exif.Photo.OffsetTimeOriginal": .text("+02:00")]
    ) {
      $0.taken = "2023:05:01 14:03:22"
      $0.takenOffset = "+02:00"
    },
    Case(
      "keywords from XMP and IPTC, each once, IPTC in Latin-1",
      [
        "Xmp.dc.subject": .values([Array("fog".utf8), Array("Bridge".utf8)]),
        "Iptc.Application2.Keywords": .values([Array("bridge".utf8), [0x43, 0x61, 0x66, 0xE9], Array(" ".utf8)]),
      ]
    ) { $0.keywords = ["fog", "Bridge", "Café"] },
    Case("rating from XMP", ["Xmp.xmp.Rating": .text("4")]) { $0.rating = 4 },
    Case("a rejected or unrated photo has no rating", ["Xmp.xmp.Rating": .text("-1"), "Exif.Image.Rating": .text("0")])
    {
      _ in
    },
    Case(
      "GPS south and west in decimal degrees",
      [
        "Exif.GPSInfo.GPSLatitude": .text("33/1 51/1 2154/100"), "Exif.GPSInfo.GPSLatitudeRef": .text("S"),
        "Exif.GPSInfo.GPSLongitude": .text("151/1 12/1 5148/100"), "Exif.GPSInfo.GPSLongitudeRef": .text("E"),
      ]
    ) { $0.gps = "-33.85598, 151.2143" },
    Case(
      "serials and owners, each once",
      [
        "Exif.Photo.BodySerialNumber": bytes("123\0"), "Exif.Photo.LensSerialNumber": bytes("L9"),
        "Exif.Image.Artist": bytes("Jane Roe"), "Xmp.dc.creator": .values([Array("Jane Roe".utf8)]),
        "Xmp.dc.rights": .text("lang=\"x-default\" © Roe"),
      ]
    ) {
      $0.serial = "123; L9"
      $0.owner = "Jane Roe; © Roe"
    },
  ]

  @Test("raw tags to metadata", arguments: cases)
  func interpret(_ test: Case) {
    #expect(MetadataInterpreter.interpret(RawMetadata(test.raw)) == test.expected)
  }

  @Test("every tag the interpreter reads is asked of the reader, once")
  func tags() {
    let keys = MetadataInterpreter.tags.map(\.key)
    #expect(Set(keys).count == keys.count)
    for test in Self.cases {
      for key in test.raw.keys { #expect(keys.contains(key), "\(key)") }
    }
  }
}
