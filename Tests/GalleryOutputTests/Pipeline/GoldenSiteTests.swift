import Foundation
import GalleryMetadata
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Builds Fixtures/golden-site with the real codec and compares every text file
/// to Fixtures/golden-expected. Images are compared by name (names carry the
/// size and content hash) and checked by dimensions elsewhere, never by bytes.
/// Theme assets are compared with the theme itself, so the repository keeps one
/// copy of them.
/// Run with CATGALLERY_RECORD=1 to rewrite the expected tree; that run fails once.
@Suite("Golden site")
struct GoldenSiteTests {
  static let expectedFolder = Fixtures.folder + "/golden-expected"
  static let imageList = "images.txt"
  static let assetList = "assets.txt"

  @Test("the fixture site builds to exactly the expected tree")
  func golden() throws {
    let work = NSTemporaryDirectory() + "golden-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: work) }
    try FileManager.default.copyItem(atPath: Fixtures.folder + "/golden-site", toPath: work)
    // The feed dates a photo without a date taken by its file's time, which
    // a checkout sets anew: fixed here, so the expected feed holds.
    try Self.setFileTimes(below: work, to: Date(timeIntervalSince1970: 1_700_000_000))
    var options = BuildOptions(siteRoot: work)
    options.cacheFolder = work + "/.cache"
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader(), now: { TestSite.now }
    )
    .build(options)
    #expect(TestSite.lines(report) == Self.diagnostics)
    try #require(report.succeeded)

    let actual = try Self.snapshot(of: work + "/public")
    // The theme's copy: its stylesheets without their comments.
    let theme = Dictionary(Theme.builtIn.assets.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
    for name in try FileManager.default.contentsOfDirectory(atPath: work + "/public/assets") {
      #expect(
        FileManager.default.contents(atPath: work + "/public/assets/" + name) == theme["assets/" + name],
        "assets/\(name) is not the theme's copy")
    }
    try Self.checkImages(in: work + "/public/images")
    try Self.compare(actual, with: Self.expectedFolder)
  }

  /// Sets the modification time of every file below `folder`.
  static func setFileTimes(below folder: String, to date: Date) throws {
    for path in FileManager.default.subpaths(atPath: folder) ?? [] {
      try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: folder + "/" + path)
    }
  }

  /// Compares a built tree to the expected one in `folder` (a fixture folder
  /// name in messages): every missing, extra and differing file is an issue,
  /// with a bounded diff. With CATGALLERY_RECORD set it rewrites `folder`
  /// instead, and fails once.
  static func compare(_ actual: [String: Data], with folder: String) throws {
    let name = (folder as NSString).lastPathComponent
    if ProcessInfo.processInfo.environment["CATGALLERY_RECORD"] != nil {
      try? FileManager.default.removeItem(atPath: folder)
      for (path, data) in actual {
        let target = folder + "/" + path
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: target))
      }
      Issue.record("recorded \(actual.count) files into \(name); run again without CATGALLERY_RECORD")
      return
    }
    let expected = try snapshot(of: folder)
    let missing = Set(expected.keys).subtracting(actual.keys).sorted()
    let extra = Set(actual.keys).subtracting(expected.keys).sorted()
    for path in missing { Issue.record("\(path): expected in \(name), but the build no longer writes it") }
    for path in extra { Issue.record("\(path): the build writes it, but \(name) has no such file") }
    for path in Set(expected.keys).intersection(actual.keys).sorted() {
      guard let want = expected[path], let got = actual[path], want != got else { continue }
      let diff = TextDiff(expected: String(decoding: want, as: UTF8.self), actual: String(decoding: got, as: UTF8.self))
      let shown = diff.render(expectedName: "\(name)/\(path)", actualName: "built/\(path)")
      Issue.record("\(path) differs from \(name):\n\(shown)")
    }
  }

  /// Every derivative really is what its name says: `<stem>-<w>x<h>.<hash>.<ext>`
  /// is a `w`×`h` image in the format of `ext`, read back from its header, so
  /// a codec writing wrong sizes or formats fails here, not only in the browser.
  /// The folder holds more than `atLeast` of them.
  static func checkImages(in folder: String, atLeast: Int = 20) throws {
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.count > atLeast)
    let formats = ["jpg": "jpeg", "webp": "webp", "png": "png", "avif": "heif"]
    for name in names {
      let parts = name.split(separator: ".")
      let size = parts.first?.split(separator: "-").last?.split(separator: "x").compactMap { Int($0) } ?? []
      guard parts.count == 3, size.count == 2, let format = formats[String(parts[2])] else {
        Issue.record("\(name) is not named <stem>-<w>x<h>.<hash>.<ext>")
        continue
      }
      let header = try codec.header(of: folder + "/" + name)
      #expect(header.width == size[0] && header.height == size[1], "\(name) is \(header.width)x\(header.height)")
      #expect(header.format == format, "\(name) is \(header.format)")
      #expect(header.orientation == 1, "\(name) must be stored upright")
    }
  }

  /// `page` with the theme's assets it carries (the 404 page's stylesheet,
  /// icons and favicons) named instead of copied, as assets/ is compared with
  /// the theme rather than stored: a theme edit does not change the expected
  /// tree, and a page that carries other bytes than the theme's still differs.
  static func withoutInlinedAssets(_ page: Data) -> Data {
    let inlines = ThemeInlines(theme: .builtIn)
    var text = String(decoding: page, as: UTF8.self)
    text = text.replacingOccurrences(of: inlines.css, with: "/* the theme's assets/site.css */")
    text = text.replacingOccurrences(of: inlines.sprite, with: "<!-- the theme's assets/icons.svg -->")
    for (name, url) in inlines.favicons {
      text = text.replacingOccurrences(of: url, with: "data:the theme's assets/\(name)")
    }
    return Data(text.utf8)
  }

  /// Text files by relative path; the images folder becomes a sorted list of names.
  static func snapshot(of folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    var lists: [String: [String]] = [imageList: [], assetList: []]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder) {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
      if isDirectory.boolValue { continue }
      if path.hasPrefix("images/") {
        lists[imageList, default: []].append(String(path.dropFirst("images/".count)))
      } else if path.hasPrefix("assets/") {
        lists[assetList, default: []].append(String(path.dropFirst("assets/".count)))
      } else if let data = FileManager.default.contents(atPath: folder + "/" + path) {
        result[path] = path.hasSuffix(".html") ? withoutInlinedAssets(data) : data
      }
    }
    // The expected tree stores the lists themselves; a built site gets them made.
    for (list, names) in lists where result[list] == nil || !names.isEmpty {
      result[list] = Data((names.sorted().joined(separator: "\n") + "\n").utf8)
    }
    return result
  }

  static let diagnostics = [
    "content/breeds.json:7:22: warning: \"vetstreet_url\" of breed \"abys\" is not an http(s) URL; not linked",
    "content/breeds.json:40:3: warning: breed 2 is empty; skipped",
    "content/cats.json:8:84: warning: photoUrl of cat 3 is not https; showing a placeholder (browsers block insecure images)",
    "content/facts.json:4:3: warning: fact 3 is empty; skipped",
    "content/notes/abys.md:7:56: warning: link \"javascript:alert(1)\" is not a web, mail or relative link; it was left out",
    "content/notes/abys.md:12:1: warning: raw HTML is not allowed in notes; it was left out",
  ]
}
