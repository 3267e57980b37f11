import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Clips through the whole build with the fake video tool (ffmpeg's own
/// behaviour is GalleryVideoTests'): items, pages, outputs, the cache.
@Suite("Videos in a site")
struct VideoSiteTests {
  /// Previews `folder` into `workspace` with `tool`.
  static func preview(_ folder: TestSite, into workspace: TestSite, tool: FakeVideoTool) -> BuildReport {
    let options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: tool,
      now: { TestSite.now })
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(),
      index: pipeline.cache(options).loadIndex(), video: tool
    ).load(folder: folder.root)
    return pipeline.build(source, options: options)
  }

  static func folder(_ files: [String: String]) throws -> TestSite {
    let folder = try TestSite()
    try FileManager.default.removeItem(atPath: folder.root + "/content")
    for (name, text) in files { try folder.write(name, text) }
    return folder
  }

  @Test(
    "a clip is a video item: a badge with its length, a page that plays it, its web video upright; a rebuild runs no ffmpeg"
  )
  func clips() throws {
    let folder = try Self.folder([
      "a.jpg": "FAKE 800x600",
      "waves.mp4": "FAKE VIDEO 1920x1080 12s",
      "phone.mov": "FAKE VIDEO 1920x1080 75s codec=hevc rotate=90",
    ])
    let workspace = try TestSite()
    let tool = FakeVideoTool()
    let report = Self.preview(folder, into: workspace, tool: tool)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let slug = Slug.make((folder.root as NSString).lastPathComponent)
    let album = try #require(workspace.read("out/\(slug)/index.html"))
    #expect(album.contains("1 photo · 2 videos"))
    #expect(album.contains("aria-label=\"Video, 12 seconds\">▶ 0:12</span>"))
    #expect(album.contains("aria-label=\"Video, 1 minute 15 seconds\">▶ 1:15</span>"))
    #expect(album.contains("assets/icons.svg#play\"></use></svg>0:12</span>"), "the grid's badge")
    let images = TestSite.files(in: workspace.root + "/out/images").keys
    // The portrait clip is turned upright: 1080 wide, 1920 high.
    let portrait = try #require(images.first { $0.hasPrefix("phone-1080x1920.") && $0.hasSuffix(".mp4") })
    let landscape = try #require(images.first { $0.hasPrefix("waves-1920x1080.") && $0.hasSuffix(".mp4") })
    #expect(album.contains("data-video=\"../images/\(landscape)\""))
    #expect(workspace.read("out/images/\(portrait)")?.hasPrefix("FAKE MP4 1080x1920 transcode") == true)
    #expect(workspace.read("out/images/\(landscape)")?.hasPrefix("FAKE MP4 1920x1080 remux") == true)
    let page = try #require(workspace.read("out/\(slug)/waves-mp4/index.html"))
    #expect(page.contains("<video class=\"photo-video\" controls preload=\"metadata\""))
    #expect(page.contains("<source src=\"../../images/\(landscape)\" type=\"video/mp4\">"))
    #expect(page.contains("poster=\"../../images/waves-"))
    let fragments = TestSite.files(in: workspace.root + "/out/search").filter { $0.key.hasPrefix("f") }.values
    #expect(fragments.contains { String(decoding: $0, as: UTF8.self).contains("[\"Video\",") }, "a video in search")
    // Two clips: a poster and a video each.
    #expect(tool.runs.withLock { $0.count } == 4)
    let again = Self.preview(folder, into: workspace, tool: tool)
    #expect(again.succeeded, "\(TestSite.lines(again))")
    #expect(tool.runs.withLock { $0.count } == 4, "an unchanged clip starts no ffmpeg")
  }

  @Test("a removed clip's poster is pruned with its derivatives; a kept clip's poster stays and is used")
  func posterPruned() throws {
    let folder = try Self.folder([
      "a.jpg": "FAKE 800x600", "waves.mp4": "FAKE VIDEO 1920x1080 12s", "beach.mp4": "FAKE VIDEO 1280x720 5s",
    ])
    let workspace = try TestSite()
    let tool = FakeVideoTool()
    #expect(Self.preview(folder, into: workspace, tool: tool).succeeded)
    let posters = workspace.root + "/.cache/catgallery/posters"
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: posters))
    #expect(before.count == 2, "\(before)")
    try FileManager.default.removeItem(atPath: folder.root + "/beach.mp4")
    let report = Self.preview(folder, into: workspace, tool: tool)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let after = Set(try FileManager.default.contentsOfDirectory(atPath: posters))
    #expect(after.count == 1 && after.isSubset(of: before), "\(after)")
    #expect(report.derivativesPruned >= 1 + 1, "the clip's web video and its poster, with its images")
    // New sizes are made from the poster kept: waves' own, so ffmpeg takes none.
    try folder.write("site.yml", "images:\n  widths: [320, 500, 640]\n")
    let runs = tool.runs.withLock { $0.count }
    let resized = Self.preview(folder, into: workspace, tool: tool)
    #expect(resized.succeeded && resized.imagesProcessed == 2, "\(TestSite.lines(resized))")
    #expect(tool.runs.withLock { $0.count } == runs)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: posters)) == after)
  }

  @Test("an album's zip holds a clip's web video under the clip's name")
  func zip() throws {
    let folder = try Self.folder(["a.jpg": "FAKE 800x600", "waves.mov": "FAKE VIDEO 1280x720 4s codec=hevc"])
    try folder.write("site.yml", "zip: true\n")
    let workspace = try TestSite()
    let report = Self.preview(folder, into: workspace, tool: FakeVideoTool())
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let slug = Slug.make((folder.root as NSString).lastPathComponent)
    let members = try ZipCheck.members(of: workspace.root + "/out/\(slug)/\(slug).zip").map {
      String($0.prefix { $0 != "|" })
    }
    #expect(members.sorted() == ["a.webp", "waves.mp4"])
  }

  @Test("a clip that cannot be read or is over the limits is left out with one warning naming it; the rest is built")
  func badClips() throws {
    let folder = try Self.folder([
      "a.jpg": "FAKE 800x600",
      "empty.mov": "",
      "photo.mp4": "\u{FF}\u{D8}\u{FF} a JPEG",
      "long.mp4": "FAKE VIDEO 640x360 900s",
      "ok.mp4": "FAKE VIDEO 640x360 3s",
    ])
    try folder.write("site.yml", "videos:\n  max_seconds: 600\n")
    let workspace = try TestSite()
    let report = Self.preview(folder, into: workspace, tool: FakeVideoTool())
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let name = (folder.root as NSString).lastPathComponent
    let warnings = report.diagnostics.filter { $0.severity == .warning }.map(\.description)
    for file in ["empty.mov", "photo.mp4", "long.mp4"] {
      #expect(warnings.contains { $0.hasPrefix("\(name)/\(file): warning: left out: ") }, "\(file): \(warnings)")
    }
    #expect(warnings.count == 3, "\(warnings)")
    let album = try #require(workspace.read("out/\(Slug.make(name))/index.html"))
    #expect(album.contains("1 photo · 1 video"))
  }

  @Test("without ffmpeg every clip is left out with one warning for all, naming the package; the photos are built")
  func withoutFFmpeg() throws {
    let folder = try Self.folder([
      "a.jpg": "FAKE 800x600", "b.mp4": "FAKE VIDEO 640x360 3s", "c.mov": "FAKE VIDEO 640x360 3s",
    ])
    let workspace = try TestSite()
    let report = Self.preview(folder, into: workspace, tool: FakeVideoTool(capabilities: .missing))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let warnings = report.diagnostics.filter { $0.severity == .warning }.map(\.description)
    #expect(warnings.count == 1, "\(warnings)")
    #expect(warnings.first?.contains("2 videos left out") == true && warnings.first?.contains("ffmpeg") == true)
    let name = (folder.root as NSString).lastPathComponent
    #expect(try #require(workspace.read("out/\(Slug.make(name))/index.html")).contains("1 photo"))
  }

  @Test("a site's parks.plist names a clip like a photo; one over the limits is an error naming it")
  func siteClips() throws {
    let site = try MinimalSite.make(replacing: [
      "content/parks.plist": MinimalSite.parks.replacingOccurrences(
        of: "<string>falls1</string>", with: "<string>river.mp4</string>")
    ])
    try site.write("content/photos/river.mp4", "FAKE VIDEO 1280x720 8s")
    let tool = FakeVideoTool()
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: tool,
      now: { TestSite.now })
    let report = pipeline.build(BuildOptions(siteRoot: site.root))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let pages = TestSite.files(in: site.root + "/public").filter { $0.key.hasSuffix("index.html") }
    #expect(pages.contains { String(decoding: $0.value, as: UTF8.self).contains("<video class=\"photo-video\"") })
    try site.write("content/site.yml", "title: Parks\nvideos:\n  max_seconds: 5\n")
    let refused = pipeline.build(BuildOptions(siteRoot: site.root))
    #expect(!refused.succeeded)
    #expect(
      refused.diagnostics.contains {
        $0.description.hasPrefix("content/photos/river.mp4: error: cannot read video: ")
          && $0.description.contains("5")
      }, "\(TestSite.lines(refused))")
  }

  @Test("on a site with a base_url, a clip's page previews as its poster: a 1200 px JPEG made from the poster")
  func clipSharePreview() throws {
    let site = try MinimalSite.make(replacing: [
      "content/parks.plist": MinimalSite.parks.replacingOccurrences(
        of: "<string>falls1</string>", with: "<string>river.mp4</string>")
    ])
    try site.write("content/photos/river.mp4", "FAKE VIDEO 1920x1080 8s")
    try site.write("content/site.yml", "title: Parks\nbase_url: https://example.org/\n")
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: FakeVideoTool(),
      now: { TestSite.now })
    let report = pipeline.build(BuildOptions(siteRoot: site.root))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let images = TestSite.files(in: site.root + "/public/images").keys
    let share = try #require(images.first { $0.hasPrefix("river-1200x675.") && $0.hasSuffix(".jpg") })
    let pages = TestSite.files(in: site.root + "/public").filter { $0.key.hasSuffix("index.html") }
    let page = try #require(
      pages.values.map { String(decoding: $0, as: UTF8.self) }.first { $0.contains("<video class=\"photo-video\"") })
    #expect(page.contains("<meta property=\"og:image\" content=\"https://example.org/images/\(share)\">"))
  }

  @Test(
    "without ffmpeg a site whose parks.plist names a clip builds: one warning naming the package, the clip left out")
  func siteWithoutFFmpeg() throws {
    let site = try MinimalSite.make(replacing: [
      "content/parks.plist": MinimalSite.parks.replacingOccurrences(
        of: "<string>falls1</string>", with: "<string>river.mp4</string>")
    ])
    try site.write("content/photos/river.mp4", "FAKE VIDEO 1280x720 8s")
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(),
      video: FakeVideoTool(capabilities: .missing), now: { TestSite.now })
    let report = pipeline.build(BuildOptions(siteRoot: site.root))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let lines = TestSite.lines(report)
    // falls1.jpg, which the clip replaced in parks.plist, is unused; nothing names river.mp4 missing.
    #expect(
      lines == [
        "content/photos: warning: 1 video left out: \(VideoError.missing.message)",
        "content/photos/falls1.jpg: warning: photo is not used by any page",
      ], "\(lines)")
    let pages = TestSite.files(in: site.root + "/public").filter { $0.key.hasSuffix("index.html") }
    #expect(!pages.contains { String(decoding: $0.value, as: UTF8.self).contains("<video") })
    var strict = BuildOptions(siteRoot: site.root)
    strict.strict = true
    #expect(!pipeline.build(strict).succeeded)
  }
}
