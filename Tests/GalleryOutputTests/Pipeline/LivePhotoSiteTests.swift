import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Live Photos through the whole build with the fake video tool: the pair is
/// one photo whose pages carry its clip's web video, made once like a clip's.
@Suite("Live Photos in a site")
struct LivePhotoSiteTests {
  @Test(
    "a previewed IMG_1.HEIC and IMG_1.MOV are one photo: a Live badge, a Live button and a link to its web video, no page of the MOV; a rebuild runs no ffmpeg"
  )
  func preview() throws {
    let folder = try VideoSiteTests.folder([
      "IMG_1.HEIC": "FAKE 800x600",
      "IMG_1.MOV": "FAKE VIDEO 1440x1080 3s codec=hevc",
      "waves.mp4": "FAKE VIDEO 640x360 4s",
    ])
    let workspace = try TestSite()
    let tool = FakeVideoTool()
    let report = VideoSiteTests.preview(folder, into: workspace, tool: tool)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(report.diagnostics.isEmpty, "\(TestSite.lines(report))")
    let slug = Slug.make((folder.root as NSString).lastPathComponent)
    let album = try #require(workspace.read("out/\(slug)/index.html"))
    #expect(album.contains("1 photo · 1 video"))
    let images = TestSite.files(in: workspace.root + "/out/images").keys
    let live = try #require(images.first { $0.hasPrefix("img-1-1440x1080.") && $0.hasSuffix(".mp4") })
    #expect(workspace.read("out/images/\(live)")?.hasPrefix("FAKE MP4 1440x1080 transcode") == true)
    #expect(album.contains("data-live=\"../images/\(live)\""))
    #expect(album.components(separatedBy: "class=\"badge-live\"").count == 2, "in the grid and nowhere else")
    #expect(album.contains("<span class=\"duration\">Live</span>"), "in the list")
    #expect(album.contains("class=\"lb-live\""))
    #expect(!album.contains("img-1-mov"), "the MOV is no item of its own")
    #expect(workspace.read("out/\(slug)/img-1-mov/index.html") == nil)
    let page = try #require(workspace.read("out/\(slug)/img-1-heic/index.html"))
    #expect(page.contains("<div class=\"live-photo\""))
    #expect(page.contains("data-live=\"../../images/\(live)\""))
    #expect(page.contains("<button type=\"button\" class=\"live-button\" hidden>"))
    #expect(page.contains("<a class=\"button live-link\" href=\"../../images/\(live)\">Play the Live Photo (0:03)</a>"))
    // The MOV's web video, and the clip's poster and video: no poster for the Live Photo.
    #expect(tool.runs.withLock { $0.count } == 3)
    let again = VideoSiteTests.preview(folder, into: workspace, tool: tool)
    #expect(again.succeeded, "\(TestSite.lines(again))")
    #expect(tool.runs.withLock { $0.count } == 3, "an unchanged Live Photo starts no ffmpeg")
  }

  @Test("an album's zip of originals holds a Live Photo's MOV after its still")
  func originals() throws {
    let folder = try VideoSiteTests.folder([
      "IMG_1.JPG": "FAKE 800x600", "IMG_1.mov": "FAKE VIDEO 640x480 2s", "site.yml": "zip: originals\n",
    ])
    let workspace = try TestSite()
    let report = VideoSiteTests.preview(folder, into: workspace, tool: FakeVideoTool())
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let slug = Slug.make((folder.root as NSString).lastPathComponent)
    let zip = try #require(
      TestSite.files(in: workspace.root + "/out/\(slug)").keys.first { $0.hasSuffix(".zip") })
    let names = try ZipCheck.members(of: workspace.root + "/out/\(slug)/" + zip).map { $0.split(separator: "|")[0] }
    #expect(names == ["IMG_1.JPG", "IMG_1.mov"])
  }

  @Test("parks.plist's IMG_1 names a Live Photo's still, not both of its files, and its page plays the clip")
  func site() throws {
    let site = try MinimalSite.make(replacing: [
      "content/parks.plist": MinimalSite.parks.replacingOccurrences(
        of: "<string>falls1</string>", with: "<string>IMG_1</string>")
    ])
    try site.photo("IMG_1.HEIC")
    try site.write("content/photos/IMG_1.MOV", "FAKE VIDEO 1440x1080 3s codec=hevc")
    try FileManager.default.removeItem(atPath: site.root + "/content/photos/falls1.jpg")
    let report = Self.build(site)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(report.diagnostics.isEmpty, "no photo is unused: \(TestSite.lines(report))")
    let pages = TestSite.files(in: site.root + "/public").filter { $0.key.hasSuffix("index.html") }
      .mapValues { String(decoding: $0, as: UTF8.self) }
    #expect(pages.values.contains { $0.contains("class=\"live-button\"") })
    #expect(!pages.keys.contains { $0.contains("mov") }, "\(pages.keys.sorted())")
    #expect(TestSite.files(in: site.root + "/public/images").keys.contains { $0.hasPrefix("img-1-1440x1080.") })
  }

  /// Builds `site` with fake image, metadata and video tools.
  private static func build(_ site: TestSite) -> BuildReport {
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: FakeVideoTool(),
      now: { TestSite.now })
    return pipeline.build(BuildOptions(siteRoot: site.root))
  }

  @Test("a breed folder's IMG_2.HEIC and IMG_2.MOV are one Live Photo on the breed's page, not a photo and a video")
  func breedFolder() throws {
    let site = try MinimalSite.make()
    try site.photo("breeds/abys/IMG_2.HEIC")
    try site.write("content/photos/breeds/abys/IMG_2.MOV", "FAKE VIDEO 1440x1080 3s codec=hevc")
    let report = Self.build(site)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(report.diagnostics.isEmpty, "no photo is unused: \(TestSite.lines(report))")
    let live = try #require(
      TestSite.files(in: site.root + "/public/images").keys.first {
        $0.hasPrefix("img-2-1440x1080.") && $0.hasSuffix(".mp4")
      })
    let page = try #require(site.read("public/breeds/abys/index.html"))
    #expect(page.contains("Abyssinian, photo 1 of 1"), "the MOV is no photo of its own")
    #expect(!page.contains("photo 2 of 2"))
    #expect(page.contains("data-live=\"../../images/\(live)\""))
    #expect(page.contains("<li class=\"breed-photo live-photo\">"))
    #expect(page.contains("<button type=\"button\" class=\"live-button\" hidden>"))
    #expect(page.contains("<a class=\"live-link\" href=\"../../images/\(live)\">Play the Live Photo (0:03)</a>"))
  }
}
