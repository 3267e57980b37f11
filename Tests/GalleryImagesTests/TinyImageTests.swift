import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// Photos a pixel or two wide, in every format catgallery reads, through the
/// real codec with every plan a site makes: each is made at its planned sizes.
/// A 1x1 JPEG once aborted the whole process (libvips scaled it to 0x0 as it
/// decoded), and a 1-pixel-wide PNG was dropped (its sample shrunk to nothing).
@Suite("Tiny images")
struct TinyImageTests {
  static let sizes = [(1, 1), (1, 9), (9, 1), (2, 2), (1, 400), (400, 1), (7, 7), (15, 3)]
  static let formats = ["jpg", "png", "webp", "gif", "tif", "heic", "avif"]

  static var cases: [(format: String, width: Int, height: Int)] {
    formats.flatMap { format in sizes.map { (format, $0.0, $0.1) } }
  }

  static let configs: [(name: String, config: SiteConfig)] = {
    var justified = SiteConfig()
    justified.grid = .justified
    return [("build", SiteConfig()), ("preview", .preview), ("justified", justified)]
  }()

  @Test("a photo of a pixel or a line is made at every planned size", arguments: cases)
  func tiny(_ example: (format: String, width: Int, height: Int)) throws {
    let folder = NSTemporaryDirectory() + "tiny-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = folder + "/tiny.\(example.format)"
    _ = try Fixtures.vips(
      "vips", ["black", folder + "/black.v", "\(example.width)", "\(example.height)", "--bands", "3"])
    _ = try Fixtures.vips("vips", ["linear", folder + "/black.v", folder + "/colour.v", "1 1 1", "200 90 40"])
    _ = try Fixtures.vips("vips", ["cast", folder + "/colour.v", folder + "/tiny.v", "uchar"])
    _ = try Fixtures.vips("vips", ["copy", folder + "/tiny.v", source])
    // A format this libvips cannot write (HEIC without an encoder) has nothing to test.
    guard FileManager.default.fileExists(atPath: source) else { return }
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let header = try codec.header(of: source)
    #expect((header.storedWidth, header.storedHeight) == (example.width, example.height))
    let photo = Photo(id: "tiny", file: "tiny", path: source, hash: "h", header: header, stem: "tiny")
    for (name, config) in Self.configs {
      let job = DerivativePlanner.job(for: photo, config: config, share: true)
      let outputs = job.all.map { ($0.spec, folder + "/\(name)-" + $0.fileName) }
      let rendered = try codec.render(source: source, run: job.chain.run(writing: outputs))
      #expect(rendered.warnings.isEmpty, "\(name): \(rendered.warnings)")
      for (spec, path) in outputs {
        #expect(try Fixtures.header(path, "width") == "\(spec.width)", "\(name) \(spec.key)")
        #expect(try Fixtures.header(path, "height") == "\(spec.height)", "\(name) \(spec.key)")
      }
    }
  }

  @Test("a JPEG is scaled as it decodes only by a factor libvips keeps at least a pixel of")
  func shrinkFactor() {
    #expect(ResizeChain.jpegShrink(width: 1, height: 1, covering: (1, 1)) == 1)
    #expect(ResizeChain.jpegShrink(width: 7, height: 7, covering: (1, 1)) == 4)
    #expect(ResizeChain.jpegShrink(width: 8, height: 100, covering: (1, 12)) == 8)
    // libvips 8.14 gives 1001 / 8 = 125 columns, short of 126.
    #expect(ResizeChain.jpegShrink(width: 1001, height: 1001, covering: (126, 126)) == 4)
  }
}
