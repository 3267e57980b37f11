import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// The file-system edge's conditional replace, which edits of the user's
/// files rely on to refuse a write without leaving anything behind.
@Suite("Checked replace")
struct CheckedReplaceTests {
  @Test("on disk the check runs after the new bytes are synced beside the file and before the rename")
  func checkBeforeRename() throws {
    let site = try TestSite(files: ["content/cats.json": "old"])
    let folder = site.root + "/content"
    let fileSystem = LocalFileSystem()
    var seen: [String] = []
    try fileSystem.replace(folder + "/cats.json", with: Data("new".utf8)) {
      seen = try fileSystem.entries(of: folder)
      #expect(site.read("content/cats.json") == "old")
    }
    #expect(seen.count == 2 && seen.contains("cats.json") && seen.contains { $0.hasPrefix(".tmp-") })
    #expect(site.read("content/cats.json") == "new")
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try fileSystem.replace(folder + "/cats.json", with: Data("newer".utf8)) { throw Refused() }
    }
    #expect(site.read("content/cats.json") == "new")
    #expect(try fileSystem.entries(of: folder) == ["cats.json"])
  }

  @Test("in memory a refused check stores nothing")
  func inMemory() throws {
    let fileSystem = MemoryFileSystem(files: ["/a/c.json": "old"])
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try fileSystem.replace("/a/c.json", with: Data("new".utf8)) { throw Refused() }
    }
    #expect(try fileSystem.contents(of: "/a/c.json") == Data("old".utf8))
    try fileSystem.replace("/a/c.json", with: Data("new".utf8)) {}
    #expect(try fileSystem.contents(of: "/a/c.json") == Data("new".utf8))
  }
}
