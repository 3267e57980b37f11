import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// Issue 24: a staged build plans, renders and writes its pages album by
/// album, so it never holds the site's pages, and writes what a build of the
/// whole site at once (a live site's) writes, byte for byte.
@Suite("Streamed build: album by album")
struct StreamedBuildTests {
  static func pipeline(_ fileSystem: MemoryFileSystem) -> Pipeline {
    Pipeline(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), now: { TestSite.now })
  }

  static func options(_ output: String) -> BuildOptions {
    var options = BuildOptions(siteRoot: "/work", output: output)
    options.cacheFolder = "/cache"
    options.home = "/fake-home"
    return options
  }

  @Test("each album's pages are written before the next album's are planned")
  func oneAlbumAtATime() throws {
    var files: [String: String] = [:]
    for album in 1...12 {
      for photo in 1...4 { files["/photos/album-\(album)/p\(photo).jpg"] = "FAKE 800x600" }
    }
    let fileSystem = MemoryFileSystem(files: files)
    // Pages planned but not yet written, at each hand-on.
    let held = Locked<[Int]>([])
    var pipeline = Self.pipeline(fileSystem)
    pipeline.handingOn = { planned in
      let written = fileSystem.nodes.keys.count { $0.hasSuffix("/index.html") && !$0.hasPrefix("/photos/") }
      held.withLock { $0.append(planned - written) }
    }
    let report = pipeline.build(folder: "/photos", options: Self.options("/out"))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    // The home page and the folder's own page, then each album's page and its four photos'.
    #expect(held.current == [2] + Array(repeating: 5, count: 12))
    #expect(fileSystem.nodes.keys.count { $0.hasPrefix("/out/") && $0.hasSuffix("/index.html") } == 2 + 12 * 5 + 2)
  }

  /// A nested folder with what changes pages: an index.md, captions, a
  /// hidden album, and a `page_size` that pages an album.
  static let nested: [String: String] = {
    var files = [
      "/photos/site.yml": "page_size: 7\n",
      "/photos/index.md": "---\ntitle: Holidays\n---\nA year of *trips*.\n",
      "/photos/top.jpg": "FAKE 640x480",
      "/photos/top.md": "---\ncaption: On the roof\n---\n",
      "/photos/Beach/Dunes/dune.jpg": "FAKE 480x640",
      "/photos/Secret/index.md": "---\nhidden: true\n---\n",
      "/photos/Secret/s.jpg": "FAKE 800x600",
    ]
    for photo in 1...16 { files["/photos/Beach/b\(photo).jpg"] = "FAKE 800x600" }
    return files
  }()

  @Test("a streamed build writes the files a whole-site build writes, byte for byte")
  func sameBytes() throws {
    let fileSystem = MemoryFileSystem(files: Self.nested)
    let streamed = Self.expectSameAsWhole(Self.pipeline(fileSystem), in: fileSystem)
    #expect(streamed.keys.contains("photos/beach/page/2/index.html"), "the album of 16 photos is paged by 7")
    #expect(streamed.keys.contains { $0.hasPrefix("search/") })
  }

  /// Builds /photos staged, into /work/staged, and whole, into /work/live,
  /// expects the same files byte for byte, and returns the staged ones.
  static func expectSameAsWhole(_ pipeline: Pipeline, in fileSystem: MemoryFileSystem) -> [String: Data] {
    let staged = pipeline.build(folder: "/photos", options: options("/work/staged"))
    #expect(staged.succeeded, "\(TestSite.lines(staged))")
    var live = options("/work/live")
    live.target = .live(LiveState(bodySuffix: "", defersImages: false))
    let whole = pipeline.build(folder: "/photos", options: live)
    #expect(whole.succeeded, "\(TestSite.lines(whole))")
    let streamed = files(below: "/work/staged/", in: fileSystem)
    let expected = files(below: "/work/live/", in: fileSystem)
    #expect(streamed.keys.sorted() == expected.keys.sorted())
    for (path, data) in expected where streamed[path] != data { Issue.record("\(path) differs") }
    return streamed
  }

  /// Every file below `folder`, by its path from there.
  static func files(below folder: String, in fileSystem: MemoryFileSystem) -> [String: Data] {
    var files: [String: Data] = [:]
    for (path, node) in fileSystem.nodes where path.hasPrefix(folder) {
      if case .file(let data, _) = node { files[String(path.dropFirst(folder.count))] = data }
    }
    return files
  }
}
