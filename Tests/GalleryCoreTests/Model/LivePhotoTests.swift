import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Live Photos in a previewed folder: a still and a MOV of the same name in
/// the same folder are one item, the still, with the clip as its companion.
@Suite("Live Photos")
struct LivePhotoTests {
  static let still = "FAKE 800x600"
  static let clip = "FAKE VIDEO 640x480 3s codec=hevc"

  /// Loads `files` (paths below /p/Holiday) as `preview` does, with the fake
  /// video tool, and builds the site.
  static func build(_ files: [String: String]) -> (Site, [String]) {
    let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("/p/Holiday/" + $0, $1) }))
    let source = PreviewSource(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), index: PhotoIndex(),
      video: FakeVideoTool(fileSystem: fileSystem)
    )
    .load(folder: "/p/Holiday")
    let (site, diagnostics) = SiteBuilder(now: TestSite.now).build(source)
    return (site, diagnostics.map(\.description))
  }

  /// Every item of the tree as "photo id" or "photo id + live clip id".
  static func items(_ site: Site) -> [String] {
    site.albums.flatMap(\.allAlbums).flatMap(\.items).map { item in
      item.photo.id + (item.live.map { " + " + $0.id } ?? "")
    }
  }

  @Test("an iPhone's IMG_1234.HEIC and IMG_1234.MOV are one photo item whose clip is made as a video, with no poster")
  func pair() throws {
    let (site, diagnostics) = Self.build(["IMG_1234.HEIC": Self.still, "IMG_1234.MOV": Self.clip])
    #expect(diagnostics == [], "the clip is used: no warning that it is not")
    #expect(Self.items(site) == ["IMG_1234.HEIC + IMG_1234.MOV"])
    let item = try #require(site.albums.first?.items.first)
    #expect(item.kind == .photo)
    #expect(item.live?.clip != nil)
    #expect(Array(site.photos.keys) == ["IMG_1234.HEIC"])
    #expect(Array(site.liveClips.keys) == ["IMG_1234.MOV"])
    let plan = OutputPlanner.plan(site)
    #expect(plan.videos.map(\.photo.id) == ["IMG_1234.MOV"])
    #expect(plan.jobs.map(\.photo.id) == ["IMG_1234.HEIC"], "the still is the clip's poster")
    #expect(!plan.pages.contains { $0.path.contains("mov") }, "\(plan.pages.map(\.path))")
  }

  @Test(
    "the extensions pair in any case, and the names without case: JPG with mov, jpeg with MOV, heic with Mov",
    arguments: [
      ["IMG_1.JPG", "IMG_1.mov"], ["IMG_2.jpeg", "IMG_2.MOV"], ["img_3.heic", "IMG_3.Mov"], ["IMG_4.jpg", "IMG_4.MOV"],
    ])
  func anyCase(names: [String]) {
    let (site, diagnostics) = Self.build([names[0]: Self.still, names[1]: Self.clip])
    #expect(diagnostics == [])
    #expect(Self.items(site) == ["\(names[0]) + \(names[1])"])
  }

  @Test("a still and a MOV pair only in the same folder")
  func sameFolder() {
    let (site, diagnostics) = Self.build([
      "day1/IMG_1.JPG": Self.still, "day2/IMG_1.MOV": Self.clip, "IMG_2.JPG": Self.still, "day1/IMG_2.MOV": Self.clip,
    ])
    #expect(diagnostics == [])
    #expect(Self.items(site).sorted() == ["IMG_2.JPG", "day1/IMG_1.JPG", "day1/IMG_2.MOV", "day2/IMG_1.MOV"])
    #expect(site.liveClips.isEmpty)
  }

  @Test("only the same name pairs, only a MOV and only a HEIC, HEIF or JPEG: the rest stay photos and videos")
  func sameName() {
    let (site, diagnostics) = Self.build([
      "IMG_1.JPG": Self.still, "IMG_10.MOV": Self.clip, "IMG_1 copy.MOV": Self.clip,
      "IMG_2.JPG": Self.still, "IMG_2.MP4": Self.clip,
      "IMG_3.PNG": Self.still, "IMG_3.MOV": Self.clip,
    ])
    #expect(diagnostics == [])
    #expect(
      Self.items(site).sorted() == [
        "IMG_1 copy.MOV", "IMG_1.JPG", "IMG_10.MOV", "IMG_2.JPG", "IMG_2.MP4", "IMG_3.MOV", "IMG_3.PNG",
      ])
    let kinds = site.albums.flatMap(\.items).map { "\($0.photo.id): \($0.kind)" }.sorted()
    #expect(kinds.filter { $0.hasSuffix("video") }.count == 4, "\(kinds)")
  }

  @Test("a MOV without its still is a video item, a still without its MOV a photo, each with no companion")
  func alone() throws {
    let (site, diagnostics) = Self.build(["IMG_5.MOV": Self.clip, "IMG_6.HEIC": Self.still])
    #expect(diagnostics == [])
    let items = try #require(site.albums.first?.items)
    #expect(items.map(\.kind) == [.video, .photo])
    #expect(items.allSatisfy { $0.live == nil })
  }

  @Test("a MOV that cannot be shown leaves its still a plain photo; the MOV's warning is its own")
  func badClip() throws {
    let (site, diagnostics) = Self.build(["IMG_7.HEIC": Self.still, "IMG_7.MOV": "not a video"])
    #expect(Self.items(site) == ["IMG_7.HEIC"])
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.hasPrefix("Holiday/IMG_7.MOV: warning: left out: ") == true, "\(diagnostics)")
  }

  @Test("a HEIC and its JPEG of one name share the clip")
  func twoStills() {
    let (site, diagnostics) = Self.build([
      "IMG_8.HEIC": Self.still, "IMG_8.JPG": Self.still, "IMG_8.MOV": Self.clip,
    ])
    #expect(diagnostics == [])
    #expect(Self.items(site).sorted() == ["IMG_8.HEIC + IMG_8.MOV", "IMG_8.JPG + IMG_8.MOV"])
    #expect(OutputPlanner.plan(site).videos.count == 1)
  }

  @Test("index.md's thumbnail naming a Live Photo's MOV makes its item the cover")
  func cover() throws {
    let (site, diagnostics) = Self.build([
      "index.md": "Thumbnail: IMG_9.MOV\n", "IMG_1.JPG": Self.still, "IMG_9.JPG": Self.still,
      "IMG_9.MOV": Self.clip,
    ])
    #expect(diagnostics == [])
    #expect(try #require(site.albums.first).cover?.photo.id == "IMG_9.JPG")
  }
}
