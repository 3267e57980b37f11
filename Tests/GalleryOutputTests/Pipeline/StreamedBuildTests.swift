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

  /// `nested` with what a folder built album by album must carry from one
  /// album to another: a base URL (the feed, link-preview copies), albums
  /// sorted by the dates below them, and a cover named from below. (Zips
  /// are written through a real file: `ArchiveBuildTests`.)
  static let dated: [String: String] = {
    var files = nested
    files["/photos/site.yml"] = "page_size: 7\nbase_url: https://example.org\nsort: date\n"
    files["/photos/index.md"] = "---\ntitle: Holidays\nthumbnail: Beach/Dunes/dune.jpg\n---\nA year of *trips*.\n"
    files["/photos/Beach/Dunes/dune.jpg"] = "FAKE 480x640 taken=2021:03:04 10:00:00"
    files["/photos/Alps/a1.jpg"] = "FAKE 800x600 taken=2022:07:01 09:00:00"
    files["/photos/Alps/a2.jpg"] = "FAKE 600x800 taken=2020:01:01 08:00:00 offset=+01:00"
    for photo in 1...16 { files["/photos/Beach/b\(photo).jpg"] = "FAKE 800x600 taken=2021:05:\(10 + photo) 12:00:00" }
    return files
  }()

  @Test(
    "a folder built album by album writes the files it writes loaded whole, byte for byte",
    arguments: [nested, dated])
  func sameBytes(files: [String: String]) throws {
    let fileSystem = MemoryFileSystem(files: files)
    let streamed = Self.expectSameAsWhole(Self.pipeline(fileSystem), in: fileSystem)
    #expect(streamed.keys.contains("photos/beach/page/2/index.html"), "the album of 16 photos is paged by 7")
    #expect(streamed.keys.contains { $0.hasPrefix("search/") })
    if files["/photos/Alps/a1.jpg"] != nil { #expect(streamed.keys.contains("feed.xml")) }
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

  @Test("a cache with the photo index in one file is moved into folders once, and no photo is read again")
  func indexMoved() throws {
    let fileSystem = MemoryFileSystem(files: Self.nested)
    let reader = CountingReader(inner: FakeMetadataReader(fileSystem: fileSystem))
    let pipeline = Pipeline(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem), metadata: reader, now: { TestSite.now })
    #expect(pipeline.build(folder: "/photos", options: Self.options("/out")).succeeded)
    let read = reader.reads.current
    #expect(read == 19)
    // The index as a cache from before kept it: one file.
    let cache = pipeline.cache(Self.options("/out"))
    let index = cache.loadIndex()
    try fileSystem.remove(cache.indexFolder)
    try fileSystem.write(try index.json(), to: cache.indexFile)
    var options = Self.options("/out")
    options.force = false
    try fileSystem.remove("/out")
    #expect(pipeline.build(folder: "/photos", options: options).succeeded)
    #expect(reader.reads.current == read, "photos read again")
    #expect(!fileSystem.exists(cache.indexFile))
    #expect(cache.loadIndex(folder: "Beach").entries.count == 16)
  }

  /// The photo loaded and the image made, in the order the build asked for them.
  struct Events: ImageCodec, MetadataReader {
    let codec: FakeCodec
    let metadata: FakeMetadataReader
    let seen = Locked<[String]>([])

    func header(of path: String) throws(ImageError) -> ImageHeader { try codec.header(of: path) }

    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      seen.withLock { $0.append("made") }
      return try codec.render(source: source, run: run)
    }

    func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
      seen.withLock { $0.append("read " + Path.name(of: Path.parent(of: path))) }
      return metadata.read(tags, from: path)
    }
  }

  @Test("a folder's photos are read, made and let go before the next folder's are read")
  func oneFolderAtATime() throws {
    var files: [String: String] = [:]
    for album in 1...3 {
      // Other bytes each: copies of one photo are made once.
      for photo in 1...4 { files["/photos/album-\(album)/p\(photo).jpg"] = "FAKE 800x600 \(album)-\(photo)" }
    }
    let fileSystem = MemoryFileSystem(files: files)
    let events = Events(codec: FakeCodec(fileSystem: fileSystem), metadata: FakeMetadataReader(fileSystem: fileSystem))
    let pipeline = Pipeline(fileSystem: fileSystem, codec: events, metadata: events, now: { TestSite.now })
    let report = pipeline.build(folder: "/photos", options: Self.options("/out"))
    #expect(report.succeeded, "\(TestSite.lines(report))")
    // Each folder's four reads, then its four photos made: never two folders' reads together.
    let folders = (1...3).map { album in
      Array(repeating: "read album-\(album)", count: 4) + Array(repeating: "made", count: 4)
    }
    #expect(events.seen.current == folders.flatMap { $0 })
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
