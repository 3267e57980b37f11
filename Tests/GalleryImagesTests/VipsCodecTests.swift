import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// libvips through the C shim: checked by dimensions, format and pixels, never bytes.
@Suite("libvips codec")
struct VipsCodecTests {
  let codec: VipsCodec
  let folder: String

  init() throws {
    codec = try VipsCodec(fileSystem: LocalFileSystem())
    folder = NSTemporaryDirectory() + "vips-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Renders `name` to one derivative and returns its path.
  func render(_ name: String, width: Int, height: Int, crop: Bool = false, format: DerivativeSpec.Format = .jpeg)
    throws -> String
  {
    let source = Fixtures.image(name)
    let header = try codec.header(of: source)
    let output = folder + "/\(UUID().uuidString).\(format.fileExtension)"
    let spec = DerivativeSpec(width: width, height: height, crop: crop, format: format, quality: 85)
    let chain = ResizeChain(specs: [spec], decodeWidth: header.width, decodeHeight: header.height)
    _ = try codec.render(source: source, run: chain.run(writing: [(spec, output)]))
    return output
  }

  /// Where the red block (stored at the top-left) must appear for each EXIF orientation.
  static let corners: [(orientation: Int, right: Bool, bottom: Bool)] = [
    (1, false, false), (2, true, false), (3, true, true), (4, false, true),
    (5, false, false), (6, true, false), (7, true, true), (8, false, true),
  ]

  @Test("applies every EXIF orientation", arguments: corners)
  func orientation(_ corner: (orientation: Int, right: Bool, bottom: Bool)) throws {
    let name = "orientation-\(corner.orientation).jpg"
    let header = try codec.header(of: Fixtures.image(name))
    #expect(header.orientation == corner.orientation)
    let rotated = corner.orientation >= 5
    #expect(header.width == (rotated ? 40 : 60))
    let output = try render(name, width: header.width, height: header.height)
    let width = Int(try Fixtures.header(output, "width")) ?? 0
    let height = Int(try Fixtures.header(output, "height")) ?? 0
    #expect(width == header.width && height == header.height)
    let x = corner.right ? width - 3 : 2
    let y = corner.bottom ? height - 3 : 2
    let red = try Fixtures.pixel(output, x, y)
    #expect(red.count == 3 && red[0] > 180 && red[2] < 80, "expected red at \(x),\(y), found \(red)")
    // Orientation is applied, so none may remain in the output.
    #expect(try Fixtures.header(output, "orientation") == "")
  }

  @Test(
    "decodes unusual inputs to 8-bit sRGB",
    arguments: ["progressive.jpg", "cmyk.jpg", "sixteen-bit.png", "grey.png", "alpha.png", "palette.png"])
  func unusualInputs(_ name: String) throws {
    let output = try render(name, width: 30, height: 20, format: .webp)
    #expect(try Fixtures.header(output, "width") == "30")
    #expect(try Fixtures.header(output, "height") == "20")
    #expect(try Fixtures.header(output, "format") == "uchar")
    let interpretation = try Fixtures.header(output, "interpretation")
    #expect(interpretation == "srgb" || interpretation == "b-w")
    // The blue body of the test card survives colour conversion.
    let pixel = try Fixtures.pixel(output, 25, 15)
    if name != "grey.png" { #expect(pixel[2] > pixel[0] + 60, "\(pixel)") }
  }

  @Test("converts a photo with an embedded wide-gamut profile to sRGB, and leaves untagged photos alone")
  func colourProfiles() throws {
    // prophoto.png holds the test card's blue (40, 90, 200) as ProPhoto values
    // (about 81, 74, 176); shown without its profile it would look grey-violet.
    let converted = try Fixtures.pixel(try render("prophoto.png", width: 60, height: 40, format: .png), 40, 30)
    let untagged = try Fixtures.pixel(try render("grey.png", width: 60, height: 40, format: .png), 40, 30)
    let plain = try Fixtures.pixel(try render("progressive.jpg", width: 60, height: 40, format: .png), 40, 30)
    #expect(abs(converted[0] - 40) <= 6 && abs(converted[1] - 90) <= 6 && abs(converted[2] - 200) <= 6, "\(converted)")
    #expect(untagged == [102], "\(untagged)")
    #expect(abs(plain[0] - 40) <= 3 && abs(plain[1] - 90) <= 3 && abs(plain[2] - 200) <= 3, "\(plain)")
    let fields = try Fixtures.vips("vipsheader", ["-a", try render("prophoto.png", width: 30, height: 20)])
    #expect(!fields.contains("icc-profile-data"))
  }

  @Test("makes each derivative the same whether its siblings were made with it or cached before")
  func sameBytesWhateverWasCached() throws {
    let source = Fixtures.image("landscape.jpg")
    let specs = [
      DerivativeSpec(width: 600, height: 400, crop: false, format: .jpeg, quality: 80),
      DerivativeSpec(width: 300, height: 200, crop: false, format: .jpeg, quality: 80),
      DerivativeSpec(width: 120, height: 80, crop: false, format: .webp, quality: 80),
      DerivativeSpec(width: 100, height: 100, crop: true, format: .jpeg, quality: 80),
    ]
    // One chain for all four, as a job plans it; each run writes only `wanted`.
    let chain = ResizeChain(specs: specs, decodeWidth: 720, decodeHeight: 480)
    func make(_ wanted: Set<Int>) throws -> [Int: Data] {
      let paths = Dictionary(uniqueKeysWithValues: wanted.map { ($0, folder + "/\(UUID().uuidString)") })
      _ = try codec.render(source: source, run: chain.run(writing: paths.map { (specs[$0.key], $0.value) }))
      return paths.mapValues { FileManager.default.contents(atPath: $0) ?? Data() }
    }
    let all = try make(Set(specs.indices))
    for index in specs.indices {
      #expect(try make([index])[index] == all[index], "\(specs[index].key) differs when made alone")
    }
  }

  @Test("WebP's effort changes the bytes, not the picture")
  func webpEffort() throws {
    let source = Fixtures.image("landscape.jpg")
    var paths: [String] = []
    for effort in [0, DerivativeSpec.standardEffort] {
      let spec = DerivativeSpec(width: 300, height: 200, crop: false, format: .webp, quality: 80, effort: effort)
      let chain = ResizeChain(specs: [spec], decodeWidth: 720, decodeHeight: 480)
      paths.append(folder + "/effort-\(effort).webp")
      _ = try codec.render(source: source, run: chain.run(writing: [(spec, paths[paths.count - 1])]))
    }
    #expect(FileManager.default.contents(atPath: paths[0]) != FileManager.default.contents(atPath: paths[1]))
    for path in paths {
      #expect(try Fixtures.header(path, "width") == "300" && Fixtures.header(path, "height") == "200")
    }
    // The red block at the top-left and the blue around it, in both.
    for (x, y) in [(20, 20), (200, 150)] {
      let pixels = try paths.map { try Fixtures.pixel($0, x, y) }
      #expect(zip(pixels[0], pixels[1]).allSatisfy { abs($0 - $1) <= 8 }, "\(pixels) at \(x),\(y)")
    }
  }

  @Test("keeps alpha in PNG and flattens it onto white in JPEG")
  func alpha() throws {
    let png = try render("alpha.png", width: 30, height: 20, format: .png)
    #expect(try Fixtures.header(png, "bands") == "4")
    let jpeg = try render("alpha.png", width: 30, height: 20, format: .jpeg)
    #expect(try Fixtures.header(jpeg, "bands") == "3")
  }

  @Test("never enlarges")
  func neverEnlarges() throws {
    let output = try render("landscape.jpg", width: 4000, height: 2667)
    #expect(try Fixtures.header(output, "width") == "720")
  }

  @Test("crops a square thumbnail")
  func square() throws {
    let output = try render("portrait.jpg", width: 100, height: 100, crop: true)
    #expect(try Fixtures.header(output, "width") == "100")
    #expect(try Fixtures.header(output, "height") == "100")
  }

  @Test("places a square crop over what stands out, not the middle")
  func cropFollowsSubject() throws {
    // A red square near the right edge of a 300×100 grey photo: a centre crop
    // (columns 100–199) would miss it.
    let output = try render("focus-right.png", width: 50, height: 50, crop: true)
    let red = try Fixtures.pixel(output, 45, 25)
    #expect(red[0] > 180 && red[1] < 80, "expected the red square at the right of the crop, found \(red)")
  }

  @Test("thumbnails are baseline JPEGs, larger sizes progressive")
  func progressiveOnlyForLargeSizes() throws {
    let thumbnail = try render("landscape.jpg", width: 100, height: 100, crop: true)
    let photo = try render("landscape.jpg", width: 300, height: 200)
    #expect(try Fixtures.header(thumbnail, "interlaced") == "")
    #expect(try Fixtures.header(photo, "interlaced") == "1")
  }

  @Test("strips metadata from derivatives")
  func strips() throws {
    let output = try render("orientation-6.jpg", width: 40, height: 60)
    let fields = try Fixtures.vips("vipsheader", ["-a", output])
    #expect(!fields.contains("exif-data"))
  }

  @Test("reports bad files instead of crashing", arguments: ["truncated.jpg", "empty.jpg", "not-an-image.jpg"])
  func badFiles(_ name: String) throws {
    let source = Fixtures.image(name)
    let outcome: Result<RenderedPhoto, ImageError> = Result { () throws(ImageError) -> RenderedPhoto in
      let header = try codec.header(of: source)
      let spec = DerivativeSpec(width: 10, height: 10, crop: false, format: .jpeg, quality: 80)
      let chain = ResizeChain(specs: [spec], decodeWidth: header.width, decodeHeight: header.height)
      return try codec.render(source: source, run: chain.run(writing: [(spec, folder + "/x.jpg")]))
    }
    guard case .failure(let error) = outcome else {
      Issue.record("\(name) was accepted")
      return
    }
    #expect(!error.message.isEmpty)
  }
}
