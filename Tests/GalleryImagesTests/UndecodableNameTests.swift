import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Folders and files whose names are not UTF-8 (a Latin-1 `é`, bytes no
/// encoding gives, a UTF-8 name with one stray byte), as old cameras, zip
/// tools and Windows shares leave them: each is published like any other,
/// shown with U+FFFD, and its images are made from its own pixels.
@Suite("names that are not UTF-8", .enabled(if: MadeImages.haveConvert))
struct UndecodableNameTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// The photo's path below the previewed folder, as the bytes on disk.
    var bytes: [UInt8]
    /// The photo's one colour, as ImageMagick names it, and as RGB.
    var colour: String
    var rgb: [Double]
    /// What a page shows for the name: U+FFFD for each byte that is not UTF-8.
    var shown: String
  }

  static let cases = [
    Case(
      description: "a folder named with byte E9 (Latin-1 é)",
      bytes: Array("caf".utf8) + [0xE9] + Array("/cat.png".utf8),
      colour: "#FF0000", rgb: [255, 0, 0], shown: "caf\u{FFFD}"),
    Case(
      description: "a file named with bytes FF FE", bytes: [0xFF, 0xFE] + Array(".png".utf8), colour: "#00C800",
      rgb: [0, 200, 0], shown: "\u{FFFD}\u{FFFD}"),
    Case(
      description: "a UTF-8 name with a stray byte", bytes: Array("día-".utf8) + [0xE9] + Array("t.png".utf8),
      colour: "#0000FF", rgb: [0, 0, 255], shown: "día \u{FFFD}t"),
  ]

  @Test("each is published with a page, shown with U+FFFD, its images made from its own file", arguments: cases)
  func published(_ test: Case) throws {
    let photos = try TestSite()
    try MadeImages.convert(["-size", "64x48", "xc:#808080", photos.root + "/plain.png"])
    try MadeImages.convert(["-size", "64x48", "xc:\(test.colour)", photos.root + "/made.png"])
    try Self.rename(photos.root + "/made.png", to: test.bytes, in: photos.root)
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), index: PhotoIndex()
    ).load(folder: photos.root)
    let relative = PathBytes.string(test.bytes)
    #expect(source.photos.map(\.relativePath).sorted() == [relative, "plain.png"].sorted())

    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(source, options: options)
    let lines = TestSite.lines(report)
    #expect(report.succeeded, "\(lines)")
    #expect(!lines.contains { $0.contains("removed while the site was read") || $0.contains("UTF-8") }, "\(lines)")

    // A page of its own, at an address of plain ASCII, that shows the name.
    let site = workspace.root + "/site"
    let files = try FileManager.default.subpathsOfDirectory(atPath: site)
    let pages = files.filter { $0.hasSuffix(".html") }
    #expect(pages.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }, "\(pages)")
    let slug = Slug.make(Path.name(of: relative))
    let page = try #require(
      pages.first { $0.hasSuffix(slug + "/index.html") || $0.hasSuffix(slug + ".html") }, "\(pages)")
    let html = try String(contentsOfFile: site + "/" + page, encoding: .utf8)
    #expect(html.contains(test.shown), "\(page)")
    // No page, feed, sitemap or search index shows the escapes that stand for the bytes.
    for other in files where [".html", ".json", ".xml", ".js", ".txt"].contains(where: other.hasSuffix) {
      let text = try String(contentsOfFile: site + "/" + other, encoding: .utf8)
      let escaped = text.split(separator: "\n").filter { $0.unicodeScalars.contains(where: PathBytes.isEscape) }
      #expect(escaped.isEmpty, "\(other) holds an escaped byte: \(escaped)")
    }

    // Its images hold its own colour, not its neighbour's grey.
    let images = try FileManager.default.contentsOfDirectory(atPath: site + "/images")
    let stem = Slug.make(Path.stem(of: Path.name(of: relative)))
    let own = images.filter { $0.hasPrefix(stem + "-") }
    #expect(!own.isEmpty, "\(stem): \(images)")
    for image in own {
      let pixel = try MadeImages.run("/usr/bin/vips", ["getpoint", site + "/images/" + image, "8", "8"])
        .split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      #expect(zip(pixel, test.rgb).allSatisfy { abs($0 - $1) < 24 } && pixel.count >= 3, "\(image): \(pixel)")
    }
  }

  /// Moves `file` to `bytes` (a path below `root`, as raw bytes), making
  /// its folders: Foundation names files only in UTF-8, Python in bytes.
  static func rename(_ file: String, to bytes: [UInt8], in root: String) throws {
    let script = """
      import os, sys
      target = os.path.join(os.fsencode(sys.argv[2]), bytes.fromhex(sys.argv[3]))
      os.makedirs(os.path.dirname(target), exist_ok=True)
      os.rename(sys.argv[1], target)
      """
    let hex = bytes.map { String(format: "%02x", $0) }.joined()
    try MadeImages.run("/usr/bin/python3", ["-c", script, file, root, hex])
  }
}
