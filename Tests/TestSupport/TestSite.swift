import Foundation

@testable import GalleryCore
@testable import GalleryOutput

/// A throwaway site folder: under the system temp directory, removed on
/// deinit, or `inMemory`, in a `MemoryFileSystem` that only this site uses.
package final class TestSite: Sendable {
  package let root: String
  package let fileSystem: FileSystem
  package let inMemory: Bool

  package init(files: [String: String] = [:], inMemory: Bool = false) throws {
    self.inMemory = inMemory
    fileSystem = inMemory ? MemoryFileSystem() : LocalFileSystem()
    root = (inMemory ? "/memory/" : NSTemporaryDirectory()) + "catgallery-test-" + UUID().uuidString
    try fileSystem.createFolder(root + "/content")
    for (path, text) in files { try write(path, text) }
  }

  deinit { if !inMemory { try? fileSystem.remove(root) } }

  package func write(_ path: String, _ text: String) throws {
    try write(path, data: Data(text.utf8))
  }

  package func write(_ path: String, data: Data) throws {
    try fileSystem.replace(root + "/" + path, with: data, durable: false)
  }

  /// A fake photo that `FakeCodec` reads as `width`×`height`.
  package func photo(_ name: String, width: Int = 800, height: Int = 600, alpha: Bool = false) throws {
    try write("content/photos/" + name, "FAKE \(width)x\(height)\(alpha ? " alpha" : "")")
  }

  /// Runs the whole pipeline with the fake codec and a fixed clock. The home
  /// folder is a fake one inside the site's temp folder unless `home` says.
  package func build(
    strict: Bool = false, output: String? = nil, force: Bool = false, home: String? = nil,
    notice: (@Sendable (String) -> Void)? = nil
  ) -> BuildReport {
    var options = BuildOptions(siteRoot: root, output: output)
    options.strict = strict
    options.force = force
    options.home = home ?? root + "/fake-home"
    options.notice = notice
    return builder().build(options)
  }

  /// The pipeline over this site's file system, with the fake codec and
  /// metadata reader (or `metadata`) and a fixed clock.
  package func builder(clock: @escaping @Sendable () -> Date = Date.init, metadata: (any MetadataReader)? = nil)
    -> Pipeline
  {
    Pipeline(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: metadata ?? FakeMetadataReader(fileSystem: fileSystem), now: { TestSite.now }, clock: clock)
  }

  /// The site as the Model stage hands it to Plan, loaded with the fake codec
  /// and metadata reader.
  package func model() -> Site {
    let source = SiteLoader(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem)
    )
    .load(root: root)
    return SiteBuilder(now: TestSite.now).build(source).0
  }

  /// 2026-01-01T00:00:00Z: builds in tests never depend on the real date.
  package static let now = Date(timeIntervalSince1970: 1_767_225_600)

  package func read(_ path: String) -> String? {
    (try? fileSystem.contents(of: root + "/" + path)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Every file below `folder` (relative to the site) by relative path.
  package func files(under folder: String) -> [String: Data] {
    let base = root + "/" + folder
    var result: [String: Data] = [:]
    for path in (try? fileSystem.subpaths(of: base)) ?? [] where fileSystem.entry(at: base + "/" + path).kind == .file {
      result[path] = try? fileSystem.contents(of: base + "/" + path)
    }
    return result
  }

  /// Every file below `folder` by relative path.
  package static func files(in folder: String) -> [String: Data] {
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    var result: [String: Data] = [:]
    for path in paths {
      if let data = FileManager.default.contents(atPath: folder + "/" + path) { result[path] = data }
    }
    return result
  }

  /// Every diagnostic as the command line prints it.
  package static func lines(_ report: BuildReport) -> [String] {
    report.diagnostics.sortedForPrinting().map(\.description)
  }
}

/// An image codec that needs no pixels: a "photo" is the text `FAKE WxH [alpha]
/// [frames=N] [undecodable]`.
package struct FakeCodec: ImageCodec {
  package var fileSystem: FileSystem

  package init(fileSystem: FileSystem = LocalFileSystem()) { self.fileSystem = fileSystem }

  package func header(of path: String) throws(ImageError) -> ImageHeader {
    guard let data = try? fileSystem.contents(of: path) else { throw ImageError("cannot read") }
    let words = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard words.count >= 2, words[0] == "FAKE" else {
      throw ImageError("not a readable image: unknown format")
    }
    let size = words[1].split(separator: "x").compactMap { Int($0) }
    guard size.count == 2 else { throw ImageError("not a readable image: bad size") }
    let frames = words.first { $0.hasPrefix("frames=") }.flatMap { Int($0.dropFirst(7)) } ?? 1
    return ImageHeader(
      storedWidth: size[0], storedHeight: size[1], orientation: 1, hasAlpha: words.contains("alpha"),
      format: "fake", frames: frames)
  }

  /// A fake photo whose text contains "damaged" comes back with a warning;
  /// one whose text contains "undecodable" fails as a JPEG cut short does.
  package func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
    let text = (try? fileSystem.contents(of: source)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    if text.contains("undecodable") { throw ImageError(undecodable: "cannot decode: Premature end of input file") }
    for (spec, path) in run.tasks.flatMap(\.saves) {
      do {
        try fileSystem.create(path, with: Data("\(spec.key)".utf8))
      } catch {
        throw ImageError("cannot write \(path)")
      }
    }
    return RenderedPhoto(placeholder: "#123456", warnings: text.contains("damaged") ? ["the image is damaged"] : [])
  }
}
