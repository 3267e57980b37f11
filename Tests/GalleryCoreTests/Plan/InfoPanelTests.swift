import Foundation
import Testing

@testable import GalleryCore

/// Which rows a photo's info panel shows, as site.yml says; what is never published.
@Suite("Info panel")
struct InfoPanelTests {
  static var photo: Photo {
    var metadata = MediaMetadata()
    metadata.camera = "Canon EOS R6"
    metadata.lens = "RF 50mm F1.8 STM"
    metadata.exposure = 0.004
    metadata.aperture = 2.8
    metadata.focalLength = 50
    metadata.iso = 200
    metadata.taken = "2023:05:01 14:03:22"
    metadata.takenOffset = "+02:00"
    metadata.keywords = ["fog", "bridge"]
    metadata.rating = 4
    metadata.gps = "47.3769, 8.5417"
    metadata.serial = "2081234"
    metadata.owner = "Jane Roe"
    return Photo(
      id: "a.jpg", file: "content/photos/a.jpg", path: "/a.jpg", hash: "0",
      header: ImageHeader(storedWidth: 8, storedHeight: 6, orientation: 1, hasAlpha: false, format: "jpeg"),
      stem: "a", metadata: metadata)
  }

  static func config(_ yaml: String) throws -> SiteConfig {
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(diagnostics.list.isEmpty, "\(diagnostics.list.map(\.description))")
    return config
  }

  static let all = [
    "Camera: Canon EOS R6", "Lens: RF 50mm F1.8 STM", "Exposure: 1/250 s · f/2.8 · 50 mm · ISO 200",
    "Taken: 2023-05-01 14:03 +02:00", "Keywords: fog, bridge", "Rating: ★★★★☆",
  ]

  @Test(
    "rows as site.yml says",
    arguments: [
      ("title: A\n", nil),
      ("metadata:\n  info: false\n", nil),
      ("metadata:\n  info: true\n", all),
      ("images:\n  exif: [camera, date]\n", ["Camera: Canon EOS R6", "Taken: 2023-05-01 14:03 +02:00"]),
      ("images:\n  exif: [rating, lens]\nmetadata:\n  info: false\n", nil),
      ("metadata:\n  info: true\n  publish: [gps]\n", all + ["Location: 47.3769, 8.5417"]),
      (
        "images:\n  exif: [camera]\nmetadata:\n  publish: [owner, serial, gps]\n",
        ["Camera: Canon EOS R6", "Owner: Jane Roe", "Serial number: 2081234", "Location: 47.3769, 8.5417"]
      ),
    ] as [(String, [String]?)])
  func rows(_ yaml: String, _ rows: [String]?) throws {
    let panel = InfoPanel.make(for: Self.photo, config: try Self.config(yaml))
    #expect(panel?.rows.map { "\($0.label): \($0.value)" } == rows)
  }

  @Test("a photo with nothing to show has no panel")
  func empty() throws {
    var photo = Self.photo
    photo.metadata = MediaMetadata()
    photo.metadata.gps = "1, 2"
    #expect(InfoPanel.make(for: photo, config: try Self.config("metadata:\n  info: true\n")) == nil)
  }

  @Test("the lightbox's JSON holds the same rows, and the rating's spoken words")
  func json() throws {
    let panel = try #require(
      InfoPanel.make(for: Self.photo, config: try Self.config("images:\n  exif: [exposure, rating]\n")))
    #expect(panel.json == #"[["Exposure","1/250 s · f/2.8 · 50 mm · ISO 200"],["Rating","★★★★☆","Rated 4 out of 5"]]"#)
  }

  @Test(
    "metadata settings report bad values at their place",
    arguments: [
      ("metadata: yes\n", ["content/site.yml:1:11: error: \"metadata\" in site.yml must be a mapping"]),
      (
        "metadata:\n  info: 1\n",
        ["content/site.yml:2:9: error: \"info\" of metadata must be true or false, found an integer"]
      ),
      (
        "metadata:\n  publish: [gps, address]\n",
        ["content/site.yml:2:12: error: unknown metadata field \"address\" to publish (use gps, serial, owner)"]
      ),
      (
        "metadata:\n  infos: true\n", ["content/site.yml:2:10: warning: unknown metadata setting \"infos\" in site.yml"]
      ),
      (
        "images:\n  exif: [iso]\n",
        ["content/site.yml:2:9: error: unknown EXIF field \"iso\" (use camera, lens, exposure, date, keywords, rating)"]
      ),
    ])
  func settings(_ yaml: String, _ messages: [String]) throws {
    var diagnostics = DiagnosticCollector()
    _ = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(diagnostics.list.map(\.description) == messages)
  }
}
