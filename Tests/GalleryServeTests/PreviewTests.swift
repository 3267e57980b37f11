import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

@Suite("Preview and init")
struct PreviewTests {
  /// A photo folder with nested folders, names that need natural sort, an
  /// embedded description, a hidden file and a camera raw file beside its JPEG.
  static func photoFolder() throws -> TestSite {
    let folder = try TestSite()
    try FileManager.default.removeItem(atPath: folder.root + "/content")
    for name in ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "Trip/Day 10/b.jpg", "Trip/Day 2/a_river-view.jpg"] {
      try folder.write(name, "FAKE 800x600")
    }
    try folder.write("Trip/Day 2/described.jpg", "FAKE 800x600 desc=Sunset over the gorge")
    try folder.write(".hidden.jpg", "FAKE 10x10")
    try folder.write("IMG_1.CR2", "raw sensor data")
    return folder
  }

  static func snapshot(_ folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
      result[path] = FileManager.default.contents(atPath: folder + "/" + path) ?? Data("dir".utf8)
    }
    return result
  }

  @Test("folders become albums at any depth in natural order, captions come from descriptions or names")
  func preview() throws {
    let photos = try Self.photoFolder()
    let before = try Self.snapshot(photos.root)
    let workspace = try TestSite()
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: photos.root)
    let options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(
      source, options: options)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let name = (photos.root as NSString).lastPathComponent
    let slug = Slug.make(name)
    // The 404 page carries the theme's stylesheet and icons, which name every kind of page.
    let inlines = ThemeInlines(theme: .builtIn)
    for (path, data) in TestSite.files(in: workspace.root + "/out") where path.hasSuffix(".html") {
      let html = String(decoding: data, as: UTF8.self).replacingOccurrences(of: inlines.css, with: "")
        .replacingOccurrences(of: inlines.sprite, with: "")
      #expect(!html.contains("Parks") && !html.contains("parks/"), "\(path) speaks of parks")
      #expect(!html.contains("cats") && !html.contains("breeds"), "\(path) speaks of cats")
    }
    func captions(_ page: String) -> [String] {
      page.components(separatedBy: "class=\"caption\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
    func cards(_ page: String) -> [String] {
      page.components(separatedBy: "<strong>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }
    // The gallery takes the folder's name, in headings, menus and URLs alike;
    // its own photos are its items, not a section named after it again.
    let top = try #require(workspace.read("out/\(slug)/index.html"))
    #expect(captions(top) == ["IMG 1", "IMG 2", "IMG 10"])
    #expect(cards(top) == ["Trip"])
    #expect(top.contains("<title>\(name) · \(name)</title>"))
    #expect(workspace.read("out/\(slug)/img-1-jpg/index.html") != nil, "photo URLs do not repeat the folder's name")
    let trip = try #require(workspace.read("out/\(slug)/trip/index.html"))
    #expect(cards(trip) == ["Day 2", "Day 10"])
    let day = try #require(workspace.read("out/\(slug)/trip/day-2/index.html"))
    #expect(captions(day) == ["a river view", "Sunset over the gorge"])
    #expect(captions(try #require(workspace.read("out/\(slug)/trip/day-10/index.html"))) == ["b"])
    let home = try #require(workspace.read("out/index.html"))
    #expect(home.contains("placeholder=\"Search photos and albums\""))
    #expect(home.contains("Photos in \(name)"))
    #expect(try Self.snapshot(photos.root) == before, "preview never writes inside the folder")
  }

  @Test("init writes a site that builds cleanly, and refuses a non-empty folder")
  func initSite() throws {
    let folder = NSTemporaryDirectory() + "init-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let written = try SiteInitializer.create(at: folder, fileSystem: LocalFileSystem())
    for file in [
      "content/site.yml", "content/parks.plist", "content/categories.plist", "content/breeds.json",
      "content/cats.json", "content/facts.json", "content/notes/abys.md", "content/photos/kitten.jpg",
      "content/photos/CREDITS.md", "README.md",
    ] {
      #expect(written.contains(file), "\(file)")
    }
    // site.yml shows every setting there is, each with its default.
    let settings = try String(contentsOfFile: folder + "/content/site.yml", encoding: .utf8)
    for key in SiteConfig.keys + SiteConfig.imageKeys {
      #expect(settings.contains("\n\(key):") || settings.contains("  \(key):"), "site.yml lacks \(key)")
    }
    var options = BuildOptions(siteRoot: folder)
    options.strict = true
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(options)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(throws: InitError.self) {
      try SiteInitializer.create(at: folder, fileSystem: LocalFileSystem())
    }
  }
}
