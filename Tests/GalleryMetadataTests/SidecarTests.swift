import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryMetadata

/// The files other programs keep beside a previewed photo: XMP sidecars made
/// by exiftool, Takeout's JSON and PhotoPrism's YAML, read into the photo's
/// metadata in their order of precedence; a broken one is a located warning.
@Suite("sidecars beside previewed photos", .enabled(if: ExifTool.runs))
struct SidecarTests {
  /// A folder holding `a.jpg` with an embedded title and caption.
  static func folder() throws -> TestSite {
    try ExifTool.photos([("a.jpg", ["-XMP-dc:Title=Embedded title", "-XMP-dc:Description=Embedded caption"])])
  }

  static func load(_ folder: TestSite) throws -> SiteSource {
    PreviewSource(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader(), index: PhotoIndex()
    ).load(folder: folder.root)
  }

  static func metadata(_ source: SiteSource, _ name: String = "a.jpg") throws -> MediaMetadata {
    try #require(source.photos.first { $0.relativePath == name }?.metadata)
  }

  static let place = ["-XMP-exif:GPSLatitude=47.5 N", "-XMP-exif:GPSLongitude=8.25 W"]
  static let xmp =
    [
      "-XMP-dc:Title=Sunset", "-XMP-dc:Description=Tom on the wall", "-XMP-dc:Subject=cat", "-XMP-dc:Subject=wall",
      "-XMP:Rating=4", "-XMP-exif:DateTimeOriginal=2021:06:01 12:30:00+02:00",
    ] + place

  @Test(
    "an XMP sidecar gives the title, caption, keywords, rating, date and a private place",
    arguments: [
      "a.jpg.xmp", "a.xmp",
    ])
  func xmpSidecar(name: String) throws {
    let folder = try Self.folder()
    try ExifTool.sidecar(folder.root + "/" + name, Self.xmp)
    let source = try Self.load(folder)
    let metadata = try Self.metadata(source)
    #expect(metadata.title == "Sunset")
    #expect(metadata.caption == "Tom on the wall")
    #expect(metadata.keywords == ["cat", "wall"])
    #expect(metadata.rating == 4)
    #expect(metadata.taken == "2021:06:01 12:30:00")
    #expect(metadata.takenOffset == "+02:00")
    #expect(metadata.gps == "47.5, -8.25")
    #expect(source.diagnostics.isEmpty, "\(source.diagnostics)")
  }

  static let takeout = """
    {
      "title": "a.jpg",
      "description": "Tom asleep",
      "photoTakenTime": {"timestamp": "1622550600", "formatted": "Jun 1, 2021, 12:30:00 PM UTC"},
      "geoData": {"latitude": 47.5, "longitude": 8.25, "altitude": 0.0},
      "favorited": true
    }
    """

  @Test(
    "Takeout's JSON gives the caption, date and a private place; a title that is the file's name is none",
    arguments: ["a.jpg.json", "a.jpg.supplemental-metadata.json"])
  func takeoutSidecar(name: String) throws {
    let folder = try Self.folder()
    try folder.write(name, Self.takeout)
    let source = try Self.load(folder)
    let metadata = try Self.metadata(source)
    #expect(metadata.title == "Embedded title")
    #expect(metadata.caption == "Tom asleep")
    #expect(metadata.taken == "2021:06:01 12:30:00")
    #expect(metadata.takenOffset == "+00:00")
    #expect(metadata.gps == "47.5, 8.25")
    #expect(source.diagnostics.isEmpty, "\(source.diagnostics)")
  }

  static let photoPrism = """
    TakenAt: 2021-06-01T10:30:00Z
    TakenAtLocal: 2021-06-01T12:30:00Z
    TakenSrc: meta
    UID: pqnkwgd18ghabopp
    Type: image
    Title: Tom on the sofa
    TitleSrc: manual
    Description: Purring
    Lat: 45.448994
    Lng: -122.796295
    Details:
      Keywords: cat, sofa
    """

  @Test("PhotoPrism's YAML gives the title, caption, keywords, local date and a private place")
  func photoPrismSidecar() throws {
    let folder = try Self.folder()
    try folder.write("a.yml", Self.photoPrism)
    let source = try Self.load(folder)
    let metadata = try Self.metadata(source)
    #expect(metadata.title == "Tom on the sofa")
    #expect(metadata.caption == "Purring")
    #expect(metadata.keywords == ["cat", "sofa"])
    #expect(metadata.taken == "2021:06:01 12:30:00")
    #expect(metadata.takenOffset == nil)
    #expect(metadata.gps == "45.44899, -122.7963")
    #expect(source.diagnostics.isEmpty, "\(source.diagnostics)")
  }

  @Test("PhotoPrism's made-up title (no TitleSrc, or auto) is no title")
  func photoPrismAutoTitle() throws {
    let folder = try Self.folder()
    try folder.write("a.yml", "Title: Beaverton / USA / 2018\nDescription: Purring\n")
    let metadata = try Self.metadata(try Self.load(folder))
    #expect(metadata.title == "Embedded title")
    #expect(metadata.caption == "Purring")
  }

  @Test("XMP wins over Takeout's JSON, which wins over PhotoPrism's YAML, which wins over the photo's own")
  func precedence() throws {
    let folder = try Self.folder()
    try folder.write("a.yml", "Description: from YAML\nTitleSrc: manual\nTitle: YAML title\n")
    var metadata = try Self.metadata(try Self.load(folder))
    #expect(metadata.caption == "from YAML")
    #expect(metadata.title == "YAML title")
    try folder.write("a.jpg.json", #"{"title": "JSON title", "description": "from JSON"}"#)
    metadata = try Self.metadata(try Self.load(folder))
    #expect(metadata.caption == "from JSON")
    #expect(metadata.title == "JSON title")
    try ExifTool.sidecar(folder.root + "/a.xmp", ["-XMP-dc:Description=from XMP"])
    metadata = try Self.metadata(try Self.load(folder))
    #expect(metadata.caption == "from XMP")
    // A field the sidecar above lacks comes from the one below.
    #expect(metadata.title == "JSON title")
  }

  @Test("the photo's Markdown text wins over every sidecar on its page")
  func markdownWins() throws {
    let folder = try Self.folder()
    try ExifTool.sidecar(folder.root + "/a.xmp", ["-XMP-dc:Title=Sunset", "-XMP-dc:Description=from XMP"] + Self.place)
    try folder.write("a.md", "Caption: from Markdown\n")
    let (report, workspace) = try MetadataSiteTests.preview(folder.root)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let page = try #require(
      TestSite.files(in: workspace.root + "/out").first { $0.key.hasSuffix("/a-jpg/index.html") }
        .map { String(decoding: $0.value, as: UTF8.self) })
    #expect(page.contains("<h1>Sunset</h1>"))
    #expect(page.contains("from Markdown"))
    #expect(!page.contains("from XMP"))
    for (path, data) in TestSite.files(in: workspace.root + "/out") {
      let text = String(decoding: data, as: UTF8.self)
      #expect(!text.contains("47.5") && !text.contains("Location"), "\(path) publishes the sidecar's place")
    }
  }

  struct Broken: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    /// The end of the warning's location, and words of its message.
    var at: String
    var message: String
    var description: String { name + ": " + message }
  }

  static let broken: [Broken] = [
    Broken(
      name: "a.jpg.json", text: "{\n  \"title\": \"x\",\n}\n", at: "a.jpg.json:3:1", message: "the sidecar was ignored"),
    Broken(name: "a.jpg.json", text: "[1, 2]", at: "a.jpg.json:1:1", message: "must be a mapping"),
    Broken(
      name: "a.jpg.json", text: "{\n  \"description\": 5\n}", at: "a.jpg.json:2:18", message: "expected text"),
    Broken(
      name: "a.jpg.json", text: #"{"photoTakenTime": {"timestamp": "soon"}}"#, at: "a.jpg.json:1:34",
      message: "seconds since 1970"),
    Broken(name: "a.yml", text: "Title: [unclosed\n", at: "a.yml:2:1", message: "the sidecar was ignored"),
    Broken(name: "a.yml", text: "TakenAt: yesterday\n", at: "a.yml:1:10", message: "expected a date"),
    Broken(name: "a.yml", text: "Lat: north\nLng: 3\n", at: "a.yml:1:6", message: "expected a number"),
    Broken(name: "a.xmp", text: "not XMP at all\n", at: "a.xmp", message: "finds no XMP"),
    Broken(
      name: "a.xmp", text: "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF", at: "a.xmp", message: "finds no XMP"),
    Broken(
      name: "a.jpg.json", text: "{\"description\": \"" + String(repeating: "x", count: 1_100_000) + "\"}",
      at: "a.jpg.json", message: "the limit is 1048576"),
  ]

  @Test("a broken sidecar is a warning at its line and the photo keeps its own metadata", arguments: broken)
  func brokenSidecar(_ broken: Broken) throws {
    let folder = try Self.folder()
    try folder.write(broken.name, broken.text)
    let source = try Self.load(folder)
    let metadata = try Self.metadata(source)
    #expect(metadata.title == "Embedded title")
    #expect(metadata.caption == "Embedded caption")
    let warning = try #require(source.diagnostics.first, "no warning")
    #expect(source.diagnostics.count == 1, "\(source.diagnostics)")
    #expect(warning.severity == .warning)
    #expect(warning.location?.description.hasSuffix("/" + broken.at) == true, "\(warning)")
    #expect(warning.message.contains(broken.message), "\(warning)")
  }
}
