import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// Issue 11, leaks and silent losses: no input is read through a link out of
/// the site, a data file that is a dangling or looping link is an error naming
/// it, and links to folders are never followed.
@Suite("Robustness: reads stay inside the site")
struct ContainmentTests {
  static let secret = "root:x:0:0:SECRET-OUTSIDE-THE-SITE"

  /// A minimal site beside a file outside it that must never be published.
  static func siteWithOutsideFile() throws -> (TestSite, outside: TestSite) {
    let outside = try TestSite()
    try outside.write("passwd", secret)
    try outside.write("folder/a.jpg", "FAKE 800x600")
    return (try MinimalSite.make(), outside)
  }

  static func link(_ site: TestSite, _ path: String, to target: String) throws {
    let full = site.root + "/" + path
    try? FileManager.default.removeItem(atPath: full)
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: full, withDestinationPath: target)
  }

  @Test(
    "an input that links out of the site is an error naming it, and is not published",
    arguments: [
      "content/notes/abys.md", "templates/404.mustache", "content/photos/CREDITS.md", "content/site.yml",
      "content/cats.json", "content/parks.plist", "templates/assets/site.css",
    ])
  func linkOutOfSite(_ input: String) throws {
    let (site, outside) = try Self.siteWithOutsideFile()
    try Self.link(site, input, to: outside.root + "/passwd")
    let report = site.build()
    let real = ProtectedFolders.normalise(outside.root + "/passwd")
    #expect(!report.succeeded)
    #expect(
      TestSite.lines(report).contains(
        "\(input): error: links to \(real), outside the site folder; catgallery reads nothing outside the site"))
    for (path, data) in TestSite.files(in: site.root + "/public") {
      #expect(!String(decoding: data, as: UTF8.self).contains(Self.secret), "\(path)")
    }
  }

  @Test("a link to a file inside the site is read as usual")
  func linkInsideSite() throws {
    let site = try MinimalSite.make()
    try site.write("shared/facts.json", "[\"Cats have whiskers.\"]")
    try Self.link(site, "content/facts.json", to: "../shared/facts.json")
    let report = site.build()
    #expect(report.succeeded && report.diagnostics.isEmpty, "\(TestSite.lines(report))")
    #expect(site.read("public/facts/index.html")?.contains("Cats have whiskers.") == true)
  }

  @Test(
    "a data file that is a dangling or looping link is an error naming it",
    arguments: [
      "content/parks.plist", "content/categories.plist", "content/cats.json", "content/facts.json", "content/site.yml",
    ], [true, false])
  func brokenLinks(_ input: String, dangling: Bool) throws {
    let site = try MinimalSite.make()
    if dangling {
      try Self.link(site, input, to: site.root + "/nowhere/" + input)
    } else {
      try Self.link(site, input, to: (input as NSString).lastPathComponent)
    }
    let report = site.build()
    #expect(!report.succeeded)
    let message =
      dangling
      ? "is a symbolic link to nothing: its target does not exist" : "is a symbolic link that loops back on itself"
    #expect(TestSite.lines(report) == ["\(input): error: \(message)"])
  }

  @Test("a data file that is a FIFO is refused at once instead of hanging the build")
  func fifo() throws {
    let site = try MinimalSite.make()
    try FileManager.default.removeItem(atPath: site.root + "/content/cats.json")
    #expect(mkfifo(site.root + "/content/cats.json", 0o644) == 0)
    let report = site.build()
    #expect(
      TestSite.lines(report) == [
        "content/cats.json: error: is not a regular file (a device, pipe or socket); it was not read"
      ])
  }

  @Test("links to folders are never followed: two loops give one warning each and the build ends")
  func folderLoops() throws {
    let site = try MinimalSite.make()
    try Self.link(site, "content/photos/a", to: ".")
    try Self.link(site, "content/photos/b", to: ".")
    try Self.link(site, "templates/partials", to: "..")
    let report = site.build()
    let warning =
      "warning: is a link to a folder, which catgallery does not follow; move or copy the folder here instead"
    #expect(
      TestSite.lines(report) == [
        "content/photos/a: " + warning, "content/photos/b: " + warning, "templates/partials: " + warning,
      ])
    #expect(report.succeeded)
  }

  @Test("a content folder or photo folder that links out of the site is an error")
  func folderOutOfSite() throws {
    let (site, outside) = try Self.siteWithOutsideFile()
    try FileManager.default.removeItem(atPath: site.root + "/content/photos")
    try Self.link(site, "content/photos", to: outside.root + "/folder")
    let report = site.build()
    let real = ProtectedFolders.normalise(outside.root + "/folder")
    #expect(
      TestSite.lines(report).contains(
        "content/photos: error: links to \(real), outside the site folder; catgallery reads nothing outside the site"))
    #expect(!report.succeeded)
  }

  @Test(
    "a site cache with a link anywhere along it is refused before anything is written or pruned",
    arguments: [".cache", ".cache/catgallery", ".cache/catgallery/derivatives", ".cache/catgallery/outputs"])
  func cacheOutOfSite(_ link: String) throws {
    let (site, outside) = try Self.siteWithOutsideFile()
    let before = TestSite.files(in: outside.root)
    try Self.link(site, link, to: outside.root + "/folder")
    let report = site.build()
    let real = ProtectedFolders.normalise(outside.root + "/folder")
    #expect(
      TestSite.lines(report) == [
        "\(link): error: the cache folder links to \(real); catgallery writes and prunes it, so it must be a real "
          + "folder inside the site"
      ])
    #expect(TestSite.files(in: outside.root) == before, "nothing written or deleted outside")
  }

  @Test("preview leaves out a photo that links out of the folder, with one warning, and shows the rest")
  func previewSkipsOutsideLink() throws {
    let (photos, outside) = try Self.siteWithOutsideFile()
    try photos.write("pics/one.jpg", "FAKE 800x600")
    try Self.link(photos, "pics/two.jpg", to: outside.root + "/folder/a.jpg")
    let workspace = try TestSite()
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: photos.root + "/pics")
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(
      source, options: options)
    #expect(report.succeeded)
    #expect(TestSite.lines(report) == ["pics/two.jpg: warning: left out: it links to a file outside pics/"])
    #expect(source.photos.map(\.relativePath) == ["one.jpg"])
  }
}
