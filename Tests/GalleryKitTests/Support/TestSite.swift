import Foundation

@testable import GalleryKit

/// A throwaway site folder under the system temp directory, removed on deinit.
final class TestSite: Sendable {
  let root: String

  init(files: [String: String] = [:]) throws {
    root = NSTemporaryDirectory() + "catgallery-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  func write(_ path: String, _ text: String) throws {
    try write(path, data: Data(text.utf8))
  }

  func write(_ path: String, data: Data) throws {
    let full = root + "/" + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: full))
  }

  /// A fake photo that `FakeCodec` reads as `width`×`height`.
  func photo(_ name: String, width: Int = 800, height: Int = 600, alpha: Bool = false) throws {
    try write("content/photos/" + name, "FAKE \(width)x\(height)\(alpha ? " alpha" : "")")
  }

  /// Runs the whole pipeline with the fake codec and a fixed clock. The home
  /// folder is a fake one inside the site's temp folder unless `home` says.
  func build(
    strict: Bool = false, output: String? = nil, force: Bool = false, home: String? = nil,
    notice: (@Sendable (String) -> Void)? = nil
  ) -> BuildReport {
    var options = BuildOptions(siteRoot: root, output: output)
    options.strict = strict
    options.force = force
    options.home = home ?? root + "/fake-home"
    options.notice = notice
    return Builder(fileSystem: LocalFileSystem(), codec: FakeCodec(), now: { TestSite.now }).build(options)
  }

  /// 2026-01-01T00:00:00Z: builds in tests never depend on the real date.
  static let now = Date(timeIntervalSince1970: 1_767_225_600)

  func read(_ path: String) -> String? {
    FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Every file below `folder` by relative path.
  static func files(in folder: String) -> [String: Data] {
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    var result: [String: Data] = [:]
    for path in paths {
      if let data = FileManager.default.contents(atPath: folder + "/" + path) { result[path] = data }
    }
    return result
  }

  /// Every diagnostic as the command line prints it.
  static func lines(_ report: BuildReport) -> [String] {
    report.diagnostics.sortedForPrinting().map(\.description)
  }
}

/// An image codec that needs no pixels: a "photo" is the text `FAKE WxH [alpha]`.
struct FakeCodec: ImageCodec {
  func header(of path: String) throws(ImageError) -> ImageHeader {
    guard let data = FileManager.default.contents(atPath: path) else { throw ImageError("cannot read") }
    let words = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard words.count >= 2, words[0] == "FAKE" else {
      throw ImageError("not a readable image: unknown format")
    }
    let size = words[1].split(separator: "x").compactMap { Int($0) }
    guard size.count == 2 else { throw ImageError("not a readable image: bad size") }
    return ImageHeader(
      storedWidth: size[0], storedHeight: size[1], orientation: 1, hasAlpha: words.contains("alpha"),
      format: "fake")
  }

  /// A fake photo whose text contains "exif" reports a camera and a date.
  func exif(of path: String) -> [String: String] {
    let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    var values = text.contains("exif") ? ["camera": "Fake Cam 1", "date": "2019-10-07 12:34"] : [:]
    if let range = text.range(of: "desc=") { values["description"] = String(text[range.upperBound...]) }
    return values
  }

  /// A fake photo whose text contains "damaged" comes back with a warning.
  func render(
    source: String, decodeWidth: Int, decodeHeight: Int, outputs: [(spec: DerivativeSpec, path: String?)]
  ) throws(ImageError) -> RenderedPhoto {
    for case let (spec, path?) in outputs {
      _ = FileManager.default.createFile(atPath: path, contents: Data("\(spec.key)".utf8))
    }
    let text = FileManager.default.contents(atPath: source).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return RenderedPhoto(placeholder: "#123456", warnings: text.contains("damaged") ? ["the image is damaged"] : [])
  }
}
