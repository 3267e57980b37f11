import Testing

@testable import GalleryCore

/// EXIF as photo pages show it, from the text libvips 8.14 gives for each
/// field (as `vipsheader -a` prints it): pure, no image needed.
@Suite("EXIF display")
struct ExifDisplayTests {
  /// libvips' text of a field: the raw value, then libexif's wording of it.
  static func vips(_ raw: String, _ worded: String? = nil, _ type: String = "ASCII") -> String {
    "\(raw) (\(worded ?? raw), \(type), 1 components, 8 bytes)"
  }

  static let values: [(String, String?)] = [
    (vips("Canon"), "Canon"),
    (vips("28/10", "f/2.8", "Rational"), "28/10"),
    (vips("1", "Top-left", "Short"), "1"),
    (vips("Tom (left) and Jerry, 2 cats"), "Tom (left) and Jerry, 2 cats"),
    (vips("a (b"), "a (b"),
    (vips("  Sunset  "), "Sunset"),
    (vips(""), nil),
    ("plain text", "plain text"),
    ("", nil),
  ]

  @Test("the raw value is taken from libvips' text, parentheses and commas in it kept", arguments: values)
  func value(_ text: String, _ expected: String?) {
    #expect(ExifDisplay.value(text) == expected)
  }

  static let cases: [(fields: [String: String], shown: [String: String])] = [
    ([:], [:]),
    (
      [ExifDisplay.make: vips("Canon"), ExifDisplay.model: vips("Canon EOS R6")],
      ["camera": "Canon EOS R6"]
    ),
    (
      [ExifDisplay.make: vips("NIKON CORPORATION"), ExifDisplay.model: vips("NIKON D750")],
      ["camera": "NIKON D750"]
    ),
    ([ExifDisplay.make: vips("FUJIFILM"), ExifDisplay.model: vips("X-T3")], ["camera": "FUJIFILM X-T3"]),
    ([ExifDisplay.model: vips("iPhone 12")], ["camera": "iPhone 12"]),
    ([ExifDisplay.make: vips("Apple")], [:]),
    ([ExifDisplay.lens: vips("EF50mm f/1.8 STM")], ["lens": "EF50mm f/1.8 STM"]),
    (
      [ExifDisplay.description: vips("Tom (left) and Jerry, 2 cats")],
      ["description": "Tom (left) and Jerry, 2 cats"]
    ),
    (
      [
        ExifDisplay.exposureTime: vips("1/125", "1/125 sec.", "Rational"),
        ExifDisplay.fNumber: vips("28/10", "f/2.8", "Rational"),
        ExifDisplay.iso: vips("400", "400", "Short"),
        ExifDisplay.focalLength: vips("500/10", "50.0 mm", "Rational"),
      ],
      ["exposure": "1/125 s · f/2.8 · ISO 400 · 50 mm"]
    ),
    (
      [
        ExifDisplay.exposureTime: vips("25/10", "2.5 sec.", "Rational"),
        ExifDisplay.fNumber: vips("8/1", "f/8.0", "Rational"),
        ExifDisplay.focalLength: vips("243/10", "24.3 mm", "Rational"),
      ],
      ["exposure": "2.5 s · f/8 · 24.3 mm"]
    ),
    ([ExifDisplay.exposureTime: vips("10/2500", "1/250 sec.", "Rational")], ["exposure": "1/250 s"]),
    ([ExifDisplay.exposureTime: vips("0/0", "", "Rational"), ExifDisplay.fNumber: vips("0/1")], [:]),
    ([ExifDisplay.iso: vips("100 200", "100 200", "Short")], ["exposure": "ISO 100"]),
    (
      [ExifDisplay.taken: vips("2019:10:07 12:34:56", "2019:10:07 12:34:56")],
      ["date": "2019-10-07 12:34"]
    ),
    ([ExifDisplay.taken: vips("0000:00:00 00:00:00")], [:]),
    ([ExifDisplay.taken: vips("2019:10:07")], [:]),
    ([ExifDisplay.taken: vips("    :  :     :  :  ")], [:]),
  ]

  @Test("camera, lens, exposure, date and description are worded for the page", arguments: cases)
  func shown(_ fields: [String: String], _ shown: [String: String]) {
    #expect(ExifDisplay.values(from: fields) == shown)
  }

}
