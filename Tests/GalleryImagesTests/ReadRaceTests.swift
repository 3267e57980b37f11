import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// A photo that an editor or a sync client rewrites while a preview reads it
/// fails for that build only: only bytes that really do not decode are
/// remembered as such, so the next build shows the photo again.
@Suite("a photo changed while it is read")
struct ReadRaceTests {
  /// libvips, with something done to the photo just before each decode.
  struct Interfering: ImageCodec {
    let codec: VipsCodec
    let interfere: @Sendable (String) -> Void

    func header(of path: String) throws(ImageError) -> ImageHeader { try codec.header(of: path) }

    func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
      interfere(source)
      return try codec.render(source: source, run: run)
    }
  }

  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// What happens to the good photo at `path` while it is decoded.
    var meanwhile: @Sendable (_ path: String) -> Void
    /// Why the first build could not make the photo's images, if it could not.
    var warning: String?
  }

  static let landscape = Fixtures.image("landscape.jpg")

  static let cases = [
    Case(
      description: "removed, as a sync client does before it puts the new copy",
      meanwhile: { try? FileManager.default.removeItem(atPath: $0) },
      warning: nil),
    Case(
      description: "cut short, as an editor writing it in place",
      meanwhile: { path in
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
        try? bytes.prefix(2_000).write(to: URL(fileURLWithPath: path))
      },
      warning: "the file changed while it was read; the next build tries again"),
  ]

  @Test("a read that fails because the photo changed is not remembered; the next build shows it", arguments: cases)
  func transient(_ test: Case) throws {
    let photos = try TestSite()
    let good = try Data(contentsOf: URL(fileURLWithPath: Self.landscape))
    try photos.write("good.jpg", data: good)
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let vips = try VipsCodec(fileSystem: LocalFileSystem())
    let once = Locked(false)
    let interfering = Interfering(codec: vips) { path in
      let first = once.withLock { done in
        defer { done = true }
        return !done
      }
      if first { test.meanwhile(path) }
    }
    let first = Pipeline(
      fileSystem: LocalFileSystem(), codec: interfering, metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(folder: photos.root, options: options)
    let name = (photos.root as NSString).lastPathComponent
    // Read from the descriptor opened before the decode, a removed file is
    // still whole; one cut short in place is not, and is tried again.
    if let warning = test.warning {
      #expect(
        TestSite.lines(first) == ["\(name)/good.jpg: error: cannot process image: \(warning)"],
        "\(TestSite.lines(first))")
    }
    #expect(!TestSite.lines(first).contains { $0.contains("left out") }, "\(TestSite.lines(first))")

    // The sync client or the editor is done: the same good bytes are back.
    try photos.write("good.jpg", data: good)
    let second = Pipeline(
      fileSystem: LocalFileSystem(), codec: vips, metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(folder: photos.root, options: options)
    #expect(second.succeeded && TestSite.lines(second).isEmpty, "\(TestSite.lines(second))")
    let page = workspace.root + "/site/\(PreviewSource.sectionsPath(for: name))/good-jpg/index.html"
    #expect(FileManager.default.fileExists(atPath: page))
  }

  @Test("bytes that really do not decode are remembered and left out of the next build without a decode")
  func undecodable() throws {
    let photos = try TestSite()
    try photos.write("bad.jpg", data: try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("truncated-data.jpg"))))
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let decodes = Locked(0)
    let counting = Interfering(codec: try VipsCodec(fileSystem: LocalFileSystem())) { _ in decodes.increment() }
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: counting, metadata: FakeMetadataReader(), now: { TestSite.now })
    let first = pipeline.build(folder: photos.root, options: options)
    #expect(TestSite.lines(first).contains { $0.contains("/bad.jpg: error: cannot process image: cannot decode") })
    let tried = decodes.current
    let second = pipeline.build(folder: photos.root, options: options)
    #expect(TestSite.lines(second).contains { $0.contains("/bad.jpg: warning: left out: cannot decode") })
    #expect(decodes.current == tried, "the second build decodes nothing")
  }
}
