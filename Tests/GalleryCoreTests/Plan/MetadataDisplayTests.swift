import Testing

@testable import GalleryCore

/// Metadata as a photographer writes it.
@Suite("Metadata wording")
struct MetadataDisplayTests {
  @Test(
    "exposure time",
    arguments: [
      (0.004, "1/250 s"), (1.0 / 8000, "1/8000 s"), (1.0 / 3, "1/3 s"), (0.5, "1/2 s"), (0.4, "0.4 s"),
      (0.3, "0.3 s"), (1, "1 s"), (2.5, "2.5 s"), (30, "30 s"), (1e-300, "0 s"), (0, nil), (-1, nil),
      (.infinity, nil),
    ] as [(Double, String?)])
  func seconds(_ time: Double, _ text: String?) {
    #expect(MetadataDisplay.seconds(time) == text)
  }

  @Test(
    "aperture and focal length",
    arguments: [
      (2.8, "f/2.8", "2.8 mm"), (8, "f/8", "8 mm"), (1.4, "f/1.4", "1.4 mm"), (24.26, "f/24.3", "24.3 mm"),
      (11, "f/11", "11 mm"), (4.0e9, "f/4000000000", "4000000000 mm"), (0, nil, nil),
    ] as [(Double, String?, String?)])
  func lens(_ value: Double, _ aperture: String?, _ length: String?) {
    #expect(MetadataDisplay.aperture(value) == aperture)
    #expect(MetadataDisplay.millimetres(value) == length)
  }

  @Test("the exposure row in a photographer's order, of what the photo has")
  func exposureRow() {
    var metadata = MediaMetadata()
    #expect(MetadataDisplay.exposure(metadata) == nil)
    metadata.iso = 200
    metadata.focalLength = 50
    #expect(MetadataDisplay.exposure(metadata) == "50 mm · ISO 200")
    metadata.exposure = 0.004
    metadata.aperture = 2.8
    #expect(MetadataDisplay.exposure(metadata) == "1/250 s · f/2.8 · 50 mm · ISO 200")
  }

  @Test(
    "date taken as the camera wrote it, with its offset when known",
    arguments: [
      ("2023:05:01 14:03:22", "+02:00", "2023-05-01 14:03 +02:00"),
      ("2023:05:01 14:03:22", "-05:30", "2023-05-01 14:03 -05:30"),
      ("2023:05:01 14:03:22", nil, "2023-05-01 14:03"),
      ("2023:05:01 14:03:22", "   :  ", "2023-05-01 14:03"),
      ("2023:05:01 14:03:22", "Z", "2023-05-01 14:03"),
      ("2023-05-01T14:03:22", nil, "2023-05-01 14:03"),
      ("2023:05:01", "+02:00", "2023-05-01"),
      ("0000:00:00 00:00:00", nil, nil),
      ("    :  :     :  :  ", nil, nil),
      ("yesterday", nil, nil),
    ] as [(String, String?, String?)])
  func taken(_ raw: String, _ offset: String?, _ text: String?) {
    #expect(MetadataDisplay.taken(raw, offset: offset) == text)
  }

  @Test("a rating in stars", arguments: [(4, "★★★★☆"), (5, "★★★★★"), (1, "★☆☆☆☆"), (9, "★★★★★")])
  func stars(_ rating: Int, _ text: String) {
    #expect(MetadataDisplay.stars(rating) == text)
  }
}
