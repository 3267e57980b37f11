import Foundation
import GalleryMetadata
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryServe

/// Nothing stops `preview` for one file: a file that cannot be decoded, is
/// not what its name says or is no image is left out with one warning naming
/// it, and the rest of the gallery is built.
@Suite("Preview: bad files are left out", .enabled(if: MadeImages.haveConvert, "needs ImageMagick"))
struct PreviewBadFilesTests {
  /// A bad file and the start of the one warning it gets.
  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    var make: @Sendable (String) throws -> Void
    var warning: String
    var testDescription: String { name }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      name: "cut short.jpg",
      make: { try MadeImages.truncated("landscape.jpg", to: 4500).write(to: URL(fileURLWithPath: $0)) },
      warning: "left out: cannot decode: "),
    BadFile(
      name: "bitmap.jpg", make: { try MadeImages.bitmap(at: $0) }, warning: "left out: unsupported image format (BMP)"),
    BadFile(
      name: "notes.jpg", make: { try Data("shopping list\n".utf8).write(to: URL(fileURLWithPath: $0)) },
      warning: "left out: not a readable image: not a known image format"),
    BadFile(
      name: "empty.jpg", make: { try Data().write(to: URL(fileURLWithPath: $0)) }, warning: "left out: file is empty"),
    BadFile(
      name: "IMG_1.CR2", make: { try Data("raw sensor data".utf8).write(to: URL(fileURLWithPath: $0)) },
      warning: "left out: unsupported image format .cr2"),
  ]

  /// A folder named `Trip` holding one good photo, inside a throwaway folder
  /// that also holds the cache home and the output.
  static func folder() throws -> (TestSite, photos: String) {
    let root = try TestSite()
    let photos = root.root + "/Trip"
    try root.write("Trip/good.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("landscape.jpg"))))
    return (root, photos)
  }

  /// Runs `preview photos --build-to out` with the real codec; returns whether
  /// it succeeded and every line it printed.
  static func preview(_ root: TestSite, _ photos: String) async throws -> (Bool, [String]) {
    let printed = Locked<[String]>([])
    let settings = PreviewSettings(
      folder: photos, cacheHome: root.root + "/cache",
      server: ServerSettings(host: "127.0.0.1", port: 0, readTimeout: .seconds(60)), buildTo: root.root + "/out",
      quiet: true)
    let succeeded = await PreviewSession.run(
      settings, fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader()
    ) { message in
      if case .diagnostics(let diagnostics) = message {
        // Not the lock's wait: while another test of this process spawns a
        // tool (ffprobe, the CLI), its child holds a copy of every descriptor
        // until it execs, the lock's too, so the next run may briefly wait.
        let lines = diagnostics.sortedForPrinting().map(\.description).filter {
          !$0.contains("another catgallery build is writing")
        }
        printed.withLock { $0 += lines }
      }
    }
    return (succeeded, printed.current)
  }

  @Test(
    "each bad file is left out with one warning naming it; the gallery builds, again and again", arguments: badFiles)
  func leftOut(_ bad: BadFile) async throws {
    let (root, photos) = try Self.folder()
    try bad.make(photos + "/" + bad.name)
    // The second time the cache knows what the first decode found.
    for run in 1...2 {
      let (succeeded, lines) = try await Self.preview(root, photos)
      #expect(succeeded, "run \(run): \(lines)")
      #expect(lines.count == 1, "run \(run): \(lines)")
      #expect(lines.first?.hasPrefix("Trip/\(bad.name): warning: \(bad.warning)") == true, "run \(run): \(lines)")
      let page = try #require(root.read("out/trip/index.html"))
      #expect(page.contains("class=\"caption\">good<"))
      let stem = (bad.name as NSString).deletingPathExtension
      #expect(!page.contains("class=\"caption\">\(stem)<"), "run \(run)")
    }
  }

  @Test("a folder of every kind of bad file, NAS litter, a misnamed PNG and an animation: one line each")
  func everything() async throws {
    let (root, photos) = try Self.folder()
    for bad in Self.badFiles { try bad.make(photos + "/" + bad.name) }
    try root.write("Trip/@eaDir/good.jpg/SYNOPHOTO_THUMB_XL.jpg", data: Data())
    try root.write("Trip/Thumbs.db", "cache")
    try root.write("Trip/png.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("alpha.png"))))
    try MadeImages.animatedGIF(
      at: photos + "/anim.gif", width: 90, height: 60, colours: ["red", "lime", "blue"], delays: [20, 50, 50], loop: 0)
    let (succeeded, lines) = try await Self.preview(root, photos)
    #expect(succeeded, "\(lines)")
    let named = lines.compactMap { $0.split(separator: ":").first.map(String.init) }
    #expect(
      named.sorted() == (Self.badFiles.map { "Trip/\($0.name)" } + ["Trip/png.jpg"]).sorted(), "\(lines)")
    #expect(lines.contains("Trip/png.jpg: warning: the file is a PNG image although its name ends in .jpg"))
    #expect(lines.allSatisfy { $0.contains(": warning: ") }, "\(lines)")
    let page = try #require(root.read("out/trip/index.html"))
    for caption in ["good", "png", "anim"] { #expect(page.contains("class=\"caption\">\(caption)<"), "\(caption)") }
    // The animation plays: its large size (90×60; the thumbnails are
    // squares) is an animated WebP alone.
    let images = try FileManager.default.contentsOfDirectory(atPath: root.root + "/out/images")
    let large = images.filter { $0.hasPrefix("anim-90x60.") }
    #expect(large.count == 1 && large.allSatisfy { $0.hasSuffix(".webp") }, "\(images)")
    for name in large {
      #expect(try Fixtures.header(root.root + "/out/images/" + name + "[n=-1]", "n-pages") == "3", "\(name)")
    }
  }
}

/// `preview` serving: a photo that cannot be decoded in the background is a
/// warning, the server goes on, and the rebuild after leaves the photo out.
@Suite("Preview: deferred images")
struct DeferredFailureTests {
  @Test("a photo that cannot be decoded while serving is one warning, and the next pages leave it out")
  func undecodable() async throws {
    let photos = try TestSite()
    try photos.write("good.jpg", "FAKE 800x600")
    try photos.write("bad.jpg", "FAKE 800x600 undecodable")
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let builder = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), now: { TestSite.now })
    let cache = builder.cache(options)
    let live = LiveSite(builder: builder, options: options, watched: [photos.root], defersImages: true) {
      PreviewSource(
        fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: cache.loadIndex()
      )
      .load(folder: photos.root)
    }
    let first = live.build()
    #expect(first.succeeded && first.pendingJobs.count == 2, "\(TestSite.lines(first))")
    let name = (photos.root as NSString).lastPathComponent
    let page = workspace.root + "/site/\(PreviewSource.sectionsPath(for: name))/index.html"
    #expect(try String(contentsOfFile: page, encoding: .utf8).contains("class=\"caption\">bad<"))

    let pending = DeferredImages(
      processor: ImageProcessor(codec: FakeCodec(), cache: cache), cache: cache, output: options.output)
    let badJob = try #require(first.pendingJobs.first { $0.photo.id == "bad.jpg" })
    #expect(!pending.make(try #require(badJob.all.first?.fileName)), "nothing to serve for it")
    let result = await withCheckedContinuation { (done: CheckedContinuation<ImageProcessor.Result, Never>) in
      pending.process(first.pendingJobs) { done.resume(returning: $0) }
    }
    let warning = "\(name)/bad.jpg: warning: left out: cannot decode: Premature end of input file"
    #expect(result.diagnostics.map(\.description) == [warning])

    let rebuilt = live.build()
    #expect(rebuilt.succeeded)
    #expect(TestSite.lines(rebuilt) == [warning])
    let shown = try String(contentsOfFile: page, encoding: .utf8)
    #expect(shown.contains("class=\"caption\">good<") && !shown.contains("class=\"caption\">bad<"))
  }
}

/// `preview` serving clips: the pages come first, the web videos after.
@Suite("Preview: deferred videos")
struct DeferredVideoTests {
  @Test("the first pages are served before any clip is made; the background makes each once and the rebuild places it")
  func deferred() async throws {
    let photos = try TestSite()
    try photos.write("a.jpg", "FAKE 800x600")
    try photos.write("clip.mp4", "FAKE VIDEO 1280x720 6s codec=hevc")
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let tool = FakeVideoTool()
    let builder = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: tool,
      now: { TestSite.now })
    let cache = builder.cache(options)
    let live = LiveSite(builder: builder, options: options, watched: [photos.root], defersImages: true) {
      PreviewSource(
        fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: cache.loadIndex(),
        video: tool
      )
      .load(folder: photos.root)
    }
    let first = live.build()
    #expect(first.succeeded, "\(TestSite.lines(first))")
    let job = try #require(first.pendingVideos.first)
    #expect(first.pendingVideos.count == 1)
    #expect(tool.runs.withLock { $0.isEmpty }, "no ffmpeg before the pages are up")
    let video = workspace.root + "/site/images/" + job.output.fileName
    #expect(!FileManager.default.fileExists(atPath: video))

    let clips = DeferredVideos(maker: VideoMaker(tool: tool, cache: cache))
    let result = await withCheckedContinuation { (done: CheckedContinuation<VideoMaker.Result, Never>) in
      clips.process(first.pendingVideos + first.pendingVideos) { done.resume(returning: $0) }
    }
    #expect(result.made == 1 && result.diagnostics.isEmpty, "\(result.diagnostics)")
    let rebuilt = live.build()
    #expect(rebuilt.succeeded && rebuilt.pendingVideos.isEmpty)
    #expect(FileManager.default.fileExists(atPath: video))
    #expect(tool.runs.withLock { $0.filter { $0.hasSuffix("clip.mp4") }.count } == 1, "made once, however often queued")
  }
}
