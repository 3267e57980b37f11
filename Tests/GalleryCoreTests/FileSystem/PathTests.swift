import Foundation
import Testing

@testable import GalleryCore

@Suite("Paths")
struct PathTests {
  @Test(
    "join puts one slash between non-empty parts",
    arguments: [
      (["/site", "content"], "/site/content"),
      (["/site", "content/photos", "a b#?.jpg"], "/site/content/photos/a b#?.jpg"),
      (["/site", ""], "/site"),
      (["", "cats"], "cats"),
      (["", ""], ""),
      (["/", "etc"], "/etc"),
      (["/site/", "content"], "/site/content"),
    ])
  func join(parts: [String], expected: String) {
    #expect(parts.dropFirst().reduce(parts[0]) { Path.join($0, $1) } == expected)
  }

  @Test("join takes any number of parts")
  func joinMany() {
    #expect(Path.join("a", "b", "", "c") == "a/b/c")
  }

  @Test(
    "isWithin is the folder itself or below it, never a sibling sharing its prefix",
    arguments: [
      ("/site", "/site", true),
      ("/site/content/x", "/site", true),
      ("/site-other/x", "/site", false),
      ("/sit", "/site", false),
      ("/etc/passwd", "/", true),
      ("/site/x", "/site/", true),
    ])
  func isWithin(path: String, folder: String, expected: Bool) {
    #expect(Path.isWithin(path, folder) == expected)
  }

  @Test("real resolves links and names why it cannot")
  func real() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catgallery-path-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let realFolder = try Path.real(folder).get()
    FileManager.default.createFile(atPath: Path.join(folder, "file"), contents: Data())
    try FileManager.default.createDirectory(atPath: Path.join(folder, "sub"), withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: Path.join(folder, "link"), withDestinationPath: "file")
    try FileManager.default.createSymbolicLink(atPath: Path.join(folder, "loop"), withDestinationPath: "loop")
    #expect(try Path.real(Path.join(folder, "link")).get() == Path.join(realFolder, "file"))
    #expect(try Path.real(Path.join(folder, "./sub/../link")).get() == Path.join(realFolder, "file"))
    #expect(throws: POSIXError(.ENOENT)) { try Path.real(Path.join(folder, "missing")).get() }
    #expect(throws: POSIXError(.ELOOP)) { try Path.real(Path.join(folder, "loop")).get() }
  }
}
