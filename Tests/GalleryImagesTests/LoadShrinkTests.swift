import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// A JPEG scaled down as libjpeg decodes it: planned from the specs, named
/// apart, and the same picture at exactly the planned sizes.
@Suite("JPEG scaled as it decodes")
struct LoadShrinkTests {
  static let cases: [(name: String, width: Int, height: Int, orientation: Int, config: SiteConfig, shrink: Int)] = [
    // Decoded at 1280×960: 2000×1500 covers it, 1000×750 does not.
    ("a.jpg", 4000, 3000, 1, .preview, 2),
    // 1280×854 from 1500×1000.
    ("b.jpg", 6000, 4000, 1, .preview, 4),
    // Shown upright at 3000×4000: 1280×1707 from 1500×2000.
    ("r.jpg", 4000, 3000, 6, .preview, 2),
    ("c.jpg", 1500, 1000, 1, .preview, 1),
    ("d.png", 4000, 3000, 1, .preview, 1),
    // build's 2048 px rung needs more than half of a 12-megapixel photo.
    ("a.jpg", 4000, 3000, 1, SiteConfig(), 1),
  ]

  @Test("the plan scales a JPEG by the largest factor whose decode still covers every spec", arguments: cases)
  func planned(_ example: (name: String, width: Int, height: Int, orientation: Int, config: SiteConfig, shrink: Int)) {
    let photo = ImagePipelineTests.photo(
      example.name, example.width, example.height, orientation: example.orientation)
    let job = DerivativePlanner.job(for: photo, config: example.config)
    #expect(job.chain.loadShrink == example.shrink)
    #expect(job.chain.run(writing: []).loadShrink == example.shrink)
  }

  @Test("a JPEG scaled as it decodes is named apart; one decoded whole keeps its names")
  func names() {
    for (photo, scaled) in [
      (ImagePipelineTests.photo("a.jpg", 4000, 3000), true), (ImagePipelineTests.photo("c.jpg", 1500, 1000), false),
    ] {
      let job = DerivativePlanner.job(for: photo, config: .preview)
      for derivative in job.all {
        let whole = DerivativePlanner.derivative(photo, derivative.spec)
        #expect((derivative.hash != whole.hash) == scaled, "\(photo.file) \(derivative.spec.key)")
      }
    }
  }

  @Test("scaled as it decodes, every planned size comes out exact and upright", arguments: 1...8)
  func exactSizes(_ orientation: Int) throws {
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let source = Fixtures.image("orientation-\(orientation).jpg")
    let header = try codec.header(of: source)
    let photo = Photo(id: "o.jpg", file: "o.jpg", path: source, hash: "h", header: header, stem: "o")
    var config = SiteConfig.preview
    config.widths = [20]
    config.thumbnail = 8
    // 60×40 decoded at 24×16 (upright 20×30 when rotated) from half size.
    let job = DerivativePlanner.job(for: photo, config: config)
    #expect(job.chain.loadShrink == 2)
    let folder = NSTemporaryDirectory() + "shrink-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = job.all.map { ($0.spec, folder + "/" + $0.fileName) }
    _ = try codec.render(source: source, run: job.chain.run(writing: outputs))
    for (spec, path) in outputs {
      #expect(try Fixtures.header(path, "width") == "\(spec.width)", "\(spec.key)")
      #expect(try Fixtures.header(path, "height") == "\(spec.height)", "\(spec.key)")
    }
    // The red block stored at the top-left is where the orientation puts it.
    let display = try #require(outputs.first { !$0.0.crop })
    let rotated = orientation >= 5
    let right = [2, 3, 6, 7].contains(orientation)
    let bottom = [3, 4, 7, 8].contains(orientation)
    let x = right ? 20 - 2 : 1
    let y = bottom ? (rotated ? 30 : 13) - 2 : 1
    let red = try Fixtures.pixel(display.1, x, y)
    #expect(red[0] > 150 && red[2] < 110, "expected red at \(x),\(y), found \(red)")
  }

  @Test("scaled as it decodes, a JPEG shows the same picture as decoded whole")
  func samePicture() throws {
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let source = Fixtures.image("landscape.jpg")
    let folder = NSTemporaryDirectory() + "shrink-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let spec = DerivativeSpec(width: 160, height: 107, crop: false, format: .png, quality: 80)
    var made: [String] = []
    for shrink in [1, 4] {
      let chain = ResizeChain(specs: [spec], decodeWidth: 160, decodeHeight: 107, loadShrink: shrink)
      let path = folder + "/\(shrink).png"
      _ = try codec.render(source: source, run: chain.run(writing: [(spec, path)]))
      made.append(path)
    }
    // Decoded otherwise, yet every pixel within a few levels of the whole
    // decode's: the red block's edge, the most that could move, has not.
    let difference = folder + "/difference.v"
    _ = try Fixtures.vips("vips", ["subtract", made[0], made[1], folder + "/signed.v"])
    _ = try Fixtures.vips("vips", ["abs", folder + "/signed.v", difference])
    let mean = try #require(Double(try Fixtures.vips("vips", ["avg", difference])))
    let most = try #require(Double(try Fixtures.vips("vips", ["max", difference])))
    #expect(most > 0, "the two decodes gave the same pixels: the JPEG was not scaled as it decoded")
    #expect(mean < 1, "mean difference \(mean)")
    #expect(most < 32, "largest difference \(most)")
  }
}
