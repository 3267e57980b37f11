import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Photos judged by their bytes, not their names: damaged data is a warning naming
/// the photo (every build, cached or not), a format catgallery does not read is an
/// error whatever the file is called, and libvips itself never writes to the terminal.
@Suite("Image content")
struct ImageContentTests {
  static let damaged =
    "content/photos/falls1.jpg: warning: the image is damaged: Corrupt JPEG data: bad Huffman code (it may show grey or garbled areas)"

  /// landscape.jpg with a run of stuffed 0xFF bytes in the middle of its
  /// entropy-coded data: 16 one-bits match no Huffman code, so libjpeg reports
  /// "Corrupt JPEG data: bad Huffman code" and decodes the rest.
  static func damagedJPEG() throws -> Data {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("landscape.jpg"))))
    let marker = try #require((0..<bytes.count - 3).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
    let scanStart = marker + 2 + (Int(bytes[marker + 2]) << 8 | Int(bytes[marker + 3]))
    let middle = scanStart + (bytes.count - 2 - scanStart) / 2
    for offset in 0..<16 { bytes[middle + offset] = offset % 2 == 0 ? 0xFF : 0x00 }
    return Data(bytes)
  }

  /// A 4×3 24-bit Windows bitmap, written by hand.
  static func bitmap() -> Data {
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    let (width, height) = (4, 3)
    let pixels = [UInt8]((0..<width * height).flatMap { _ in [200, 90, 40] as [UInt8] })
    let info =
      le32(40) + le32(width) + le32(height) + le16(1) + le16(24) + le32(0) + le32(pixels.count) + le32(2835)
      + le32(2835) + le32(0) + le32(0)
    let file = [UInt8](Array("BM".utf8)) + le32(54 + pixels.count) + le32(0) + le32(54)
    return Data(file + info + pixels)
  }

  static func build(_ site: TestSite, strict: Bool = false) throws -> BuildReport {
    var options = BuildOptions(siteRoot: site.root)
    options.strict = strict
    return Pipeline(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(options)
  }

  @Test("a damaged JPEG is one warning naming it, and --strict fails on it")
  func damagedPhoto() throws {
    let site = try Program.realSite()
    try site.write("content/photos/falls1.jpg", data: try Self.damagedJPEG())
    let strict = try Self.build(site, strict: true)
    #expect(!strict.succeeded)
    #expect(TestSite.lines(strict) == [Self.damaged])
    let report = try Self.build(site)
    #expect(report.succeeded)
    #expect(TestSite.lines(report) == [Self.damaged])
  }

  @Test("a damaged photo whose copies are cached is reported again")
  func damagedPhotoCached() throws {
    let site = try Program.realSite()
    try site.write("content/photos/falls1.jpg", data: try Self.damagedJPEG())
    let first = try Self.build(site)
    #expect(TestSite.lines(first) == [Self.damaged])
    let second = try Self.build(site)
    #expect(second.imagesProcessed == 0 && second.imagesReused == 3)
    #expect(TestSite.lines(second) == [Self.damaged])
    #expect(!(try Self.build(site, strict: true)).succeeded)
  }

  @Test("the codec's warnings are reported at the photo, from the cache too, and strict fails on them")
  func codecWarnings() throws {
    let site = try MinimalSite.make()
    try site.write("content/photos/falls1.jpg", "FAKE 800x600 damaged")
    let expected = ["content/photos/falls1.jpg: warning: the image is damaged"]
    let first = site.build()
    #expect(first.succeeded && first.imagesProcessed == 3)
    #expect(TestSite.lines(first) == expected)
    let second = site.build()
    #expect(second.imagesProcessed == 0 && second.imagesReused == 3)
    #expect(TestSite.lines(second) == expected)
    #expect(!site.build(strict: true).succeeded)
  }

  static let formatCases: [(file: String, data: @Sendable () throws -> Data, line: String)] = [
    (
      "falls1.jpg", { bitmap() },
      "content/photos/falls1.jpg: error: cannot read image: unsupported image format (BMP): export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF"
    ),
    (
      "cat1.png", { bitmap() },
      "content/photos/cat1.png: error: cannot read image: unsupported image format (BMP): export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF"
    ),
    (
      "cat1.png", { try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("camera.jpg"))) },
      "content/photos/cat1.png: warning: the file is a JPEG image although its name ends in .png"
    ),
    (
      "falls1.jpg", { try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("alpha.png"))) },
      "content/photos/falls1.jpg: warning: the file is a PNG image although its name ends in .jpg"
    ),
  ]

  @Test("a photo's format is decided by its content; a name that says otherwise is reported", arguments: formatCases)
  func formatByContent(_ testCase: (file: String, data: @Sendable () throws -> Data, line: String)) throws {
    let site = try Program.realSite()
    try site.write("content/photos/" + testCase.file, data: try testCase.data())
    let report = try Self.build(site)
    #expect(TestSite.lines(report) == [testCase.line])
    #expect(report.succeeded == testCase.line.contains(": warning: "))
    // The photo index must not let a second build accept what the first refused.
    #expect(TestSite.lines(try Self.build(site)) == [testCase.line])
  }

  @Test("nothing libvips prints reaches the terminal, with or without VIPS_WARNING")
  func quietLibvips() throws {
    let site = try Program.realSite()
    try site.write("content/photos/falls1.jpg", data: try Self.damagedJPEG())
    try site.write("content/photos/sleepy1.jpg", data: Self.bitmap())
    let expected = """
      \(Self.damaged)
      content/photos/sleepy1.jpg: error: cannot read image: unsupported image format (BMP): export it as JPEG, PNG, WebP, GIF, TIFF, HEIF or AVIF
      build failed: 1 error(s), 1 warning(s); the previous output is unchanged

      """
    for warning in [nil, "0"] {
      let run = try Program.run(
        ["build", "--site", site.root, "--quiet"], environment: ["VIPS_WARNING": warning])
      #expect(run.status == 1)
      #expect(run.errors == expected, "VIPS_WARNING=\(warning ?? "unset")")
    }
  }
}
