import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// No lost updates: a write goes through only if the file is still as read.
@Suite("Conditional writer")
struct ConditionalWriterTests {
  @Test("a file changed after the read is not overwritten, in memory and on disk", arguments: [true, false])
  func conflict(inMemory: Bool) throws {
    let site = try TestSite(files: ["content/cats.json": "[]\n"], inMemory: inMemory)
    let writer = ConditionalWriter(
      fileSystem: site.fileSystem, path: site.root + "/content/cats.json", file: "content/cats.json")
    let snapshot = try writer.read()
    try site.write("content/cats.json", "[{\"_id\": \"theirs\"}]\n")
    let error = try #require(throws: EditError.self) { try writer.write(Data("[1]\n".utf8), replacing: snapshot) }
    #expect(
      error.description
        == "content/cats.json changed on disk since it was read; nothing was written (run the edit again to apply it"
        + " to the new file)")
    #expect(site.read("content/cats.json") == "[{\"_id\": \"theirs\"}]\n")
    #expect(try site.fileSystem.entries(of: site.root + "/content") == ["cats.json"])
  }

  @Test("a file still as read is replaced, leaving no temporary file", arguments: [true, false])
  func write(inMemory: Bool) throws {
    let site = try TestSite(files: ["content/cats.json": "[]\n"], inMemory: inMemory)
    let writer = ConditionalWriter(
      fileSystem: site.fileSystem, path: site.root + "/content/cats.json", file: "content/cats.json")
    let snapshot = try writer.read()
    #expect(snapshot.hash == "37517e5f3dc66819f61f5a7bb8ace1921282415f10551d2defa5c3eb0985b570")
    try writer.write(Data("[1]\n".utf8), replacing: snapshot)
    #expect(site.read("content/cats.json") == "[1]\n")
    #expect(try site.fileSystem.entries(of: site.root + "/content") == ["cats.json"])
  }

  @Test("a write waits while another catgallery process holds the folder's lock")
  func waitsForLock() async throws {
    let site = try TestSite(files: ["content/cats.json": "[]"])
    let folder = site.root + "/content"
    var held: FolderLock? = try LocalFileSystem().lock(folder) {}
    let writer = ConditionalWriter(
      fileSystem: LocalFileSystem(), path: folder + "/cats.json", file: "content/cats.json")
    let snapshot = try writer.read()
    let done = Task.detached { try writer.write(Data("[1]".utf8), replacing: snapshot) }
    try await Task.sleep(for: .milliseconds(300))
    #expect(site.read("content/cats.json") == "[]")
    withExtendedLifetime(held) { held = nil }
    try await done.value
    #expect(site.read("content/cats.json") == "[1]")
  }

  @Test("a missing file is created, unless one appeared meanwhile", arguments: [true, false])
  func missing(inMemory: Bool) throws {
    let site = try TestSite(inMemory: inMemory)
    let path = site.root + "/content/cats.json"
    let writer = ConditionalWriter(fileSystem: site.fileSystem, path: path, file: "content/cats.json")
    let snapshot = try writer.read()
    #expect(snapshot.data == nil && snapshot.hash == nil)
    try site.write("content/cats.json", "[]")
    #expect(throws: EditError.changedOnDisk(file: "content/cats.json")) {
      try writer.write(Data("[1]".utf8), replacing: snapshot)
    }
    try site.fileSystem.remove(path)
    try writer.write(Data("[1]".utf8), replacing: snapshot)
    #expect(site.read("content/cats.json") == "[1]")
  }

  @Test("a link is refused: renaming over it would replace the link, not its file")
  func link() throws {
    let fileSystem = MemoryFileSystem(files: ["/site/elsewhere.json": "[]"])
    try fileSystem.createFolder("/site/content")
    try fileSystem.symlink("/site/content/cats.json", to: "/site/elsewhere.json")
    #expect(
      throws: EditError.unsupported(
        file: "content/cats.json", reason: "it is a symbolic link; edit the file it leads to")
    ) {
      try ConditionalWriter(fileSystem: fileSystem, path: "/site/content/cats.json", file: "content/cats.json").read()
    }
  }

  @Test("the same bytes are not written again, so a watcher sees no change")
  func unchanged() throws {
    let fileSystem = MemoryFileSystem(files: ["/c.json": "[]"])
    let writer = ConditionalWriter(fileSystem: fileSystem, path: "/c.json", file: "c.json")
    let before = try fileSystem.attributes(of: "/c.json")
    try writer.write(Data("[]".utf8), replacing: try writer.read())
    #expect(try fileSystem.attributes(of: "/c.json") == before)
  }

  @Test("an update based on an older hash (a form rendered earlier) is refused")
  func expecting() throws {
    let fileSystem = MemoryFileSystem(files: ["/c.json": "[]"])
    let writer = ConditionalWriter(fileSystem: fileSystem, path: "/c.json", file: "c.json")
    let stale = try writer.read().hash
    try fileSystem.replace("/c.json", with: Data("[2]".utf8), durable: true)
    #expect(throws: EditError.changedOnDisk(file: "c.json")) {
      try writer.update(expecting: stale) { _ throws(EditError) in (Data("[1]".utf8), ()) }
    }
    #expect(try fileSystem.contents(of: "/c.json") == Data("[2]".utf8))
  }
}
