import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryServe

/// `preview --build-to` again with nothing changed takes the build's no-change
/// short cut: no photo is read, no page rendered, nothing written. Any change
/// to a file the folder's gallery is made from defeats it.
@Suite("Preview: no-change rebuild")
struct PreviewRebuildTests {
  /// Counts the photos opened: headers read by the codec and metadata read by
  /// the reader, the per-photo work a rebuild must not repeat.
  final class Reads: Sendable {
    private let counts = Locked((headers: 0, metadata: 0))
    var headers: Int { counts.current.headers }
    var metadata: Int { counts.current.metadata }
    func header() { counts.withLock { $0.headers += 1 } }
    func metadataRead() { counts.withLock { $0.metadata += 1 } }
  }

  struct CountingCodec: ImageCodec {
    let codec: FakeCodec
    let reads: Reads
    func header(of path: String) throws(ImageError) -> ImageHeader {
      reads.header()
      return try codec.header(of: path)
    }
    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      try codec.render(source: source, run: run)
    }
  }

  struct CountingMetadataReader: MetadataReader {
    let reader: FakeMetadataReader
    let reads: Reads
    func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
      reads.metadataRead()
      return reader.read(tags, from: path)
    }
  }

  /// A folder of three photos in two albums, one with a caption file.
  static func folder() -> MemoryFileSystem {
    MemoryFileSystem(files: [
      "/photos/a.jpg": "FAKE 800x600",
      "/photos/a.md": "---\ncaption: The first one\n---\n",
      "/photos/Trip/b.jpg": "FAKE 800x600",
      "/photos/Trip/c.jpg": "FAKE 600x800",
    ])
  }

  /// `preview /photos --build-to /out`, verbose; the report it printed the
  /// timings of, and every diagnostic.
  static func preview(_ fileSystem: MemoryFileSystem, reads: Reads) async throws -> (BuildReport, [String]) {
    let settings = PreviewSettings(
      folder: "/photos", cacheHome: "/cache",
      server: ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60)), buildTo: "/out", quiet: true,
      verbose: true)
    let printed = Locked<(report: BuildReport?, lines: [String])>((nil, []))
    let succeeded = await PreviewSession.run(
      settings, fileSystem: fileSystem, codec: CountingCodec(codec: FakeCodec(fileSystem: fileSystem), reads: reads),
      metadata: CountingMetadataReader(reader: FakeMetadataReader(fileSystem: fileSystem), reads: reads)
    ) { message in
      printed.withLock { printed in
        switch message {
        case .timings(let report): printed.report = report
        case .diagnostics(let diagnostics): printed.lines += diagnostics.map(\.description)
        default: break
        }
      }
    }
    #expect(succeeded, "\(printed.current.lines)")
    return (try #require(printed.current.report), printed.current.lines)
  }

  @Test("a second preview of an untouched folder reads no photo and renders and writes nothing")
  func noChange() async throws {
    let fileSystem = Self.folder()
    let first = try await Self.preview(fileSystem, reads: Reads()).0
    #expect(first.pagesRendered > 0)
    let before = fileSystem.nodes.filter { $0.key.hasPrefix("/out/") }
    let reads = Reads()
    let again = try await Self.preview(fileSystem, reads: reads).0
    #expect(again.timings.map(\.stage) == ["check"])
    #expect(again.outputUnchanged && again.pagesRendered == 0)
    #expect(again.pages == first.pages && again.files == first.files)
    #expect(reads.headers == 0 && reads.metadata == 0)
    #expect(fileSystem.nodes.filter { $0.key.hasPrefix("/out/") } == before)
  }

  @Test("a photo with other bytes, or only a newer time, is read again alone, and its gallery rebuilt")
  func changedPhoto() async throws {
    let fileSystem = Self.folder()
    _ = try await Self.preview(fileSystem, reads: Reads())
    // The same size, so only the modification time tells.
    try fileSystem.replace("/photos/Trip/b.jpg", with: Data("FAKE 640x480".utf8), durable: false)
    let reads = Reads()
    let edited = try await Self.preview(fileSystem, reads: reads).0
    #expect(edited.timings.map(\.stage).contains("render"))
    #expect((reads.headers, reads.metadata) == (1, 1))
    let trip = try String(decoding: fileSystem.contents(of: "/out/photos/trip/index.html"), as: UTF8.self)
    #expect(trip.contains("width=\"640\""), "the new size is on the album page")
    // Touched: the same bytes with a newer time are read once more, and
    // the next run takes the short cut again.
    let bytes = try fileSystem.contents(of: "/photos/a.jpg")
    try fileSystem.replace("/photos/a.jpg", with: bytes, durable: false)
    let touched = Reads()
    #expect(try await Self.preview(fileSystem, reads: touched).0.timings.map(\.stage).contains("render"))
    #expect((touched.headers, touched.metadata) == (1, 1))
    #expect(try await Self.preview(fileSystem, reads: Reads()).0.timings.map(\.stage) == ["check"])
  }

  @Test("a .nomedia added, or a caption file edited, defeats the short cut")
  func otherInputs() async throws {
    let fileSystem = Self.folder()
    _ = try await Self.preview(fileSystem, reads: Reads())
    try fileSystem.replace("/photos/a.md", with: Data("---\ncaption: The very first\n---\n".utf8), durable: false)
    _ = try await Self.preview(fileSystem, reads: Reads())
    let page = try String(decoding: fileSystem.contents(of: "/out/photos/a-jpg/index.html"), as: UTF8.self)
    #expect(page.contains("The very first"))
    try fileSystem.replace("/photos/Trip/.nomedia", with: Data(), durable: false)
    let hidden = try await Self.preview(fileSystem, reads: Reads()).0
    #expect(hidden.timings.map(\.stage).contains("render"))
    #expect(!fileSystem.exists("/out/photos/trip/index.html"), "a .nomedia hides its folder")
  }

  @Test("a refresh leaves a photo added since the last rebuild to the rebuild that hands it to the background")
  func refreshLeavesNewPhotoToRebuild() async throws {
    let fileSystem = Self.folder()
    try fileSystem.createFolder("/work")
    let builder = Pipeline(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), now: { TestSite.now })
    var options = BuildOptions(siteRoot: "/work", output: "/work/site")
    options.cacheFolder = "/work/cache"
    let cache = builder.cache(options)
    let live = LiveSite(
      builder: builder, options: options, watched: ["/photos"], defersImages: true,
      source: { builder.load(folder: "/photos", cache: cache).0 })
    #expect(live.build().succeeded)
    try fileSystem.create("/photos/Trip/d.jpg", with: Data("FAKE 800x600".utf8))
    // The background's refresh runs before the watcher's rebuild for the new photo.
    live.refresh()
    let reported = Locked<BuildReport?>(nil)
    await live.rebuildAndWait { reported.set($0) }
    let rebuilt = try #require(reported.current, "the watcher's rebuild ran")
    #expect(rebuilt.pendingJobs.contains { $0.photo.file.hasSuffix("Trip/d.jpg") })
  }
}
