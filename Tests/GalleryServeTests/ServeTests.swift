import Foundation
import Testing

@testable import GalleryCore
@testable import GalleryServe

@Suite("Serve")
struct ServeTests {
  /// A served folder with a page, a subfolder, and symlinks pointing in and out.
  final class Folder {
    let base = NSTemporaryDirectory() + "serve-" + UUID().uuidString
    var root: String { base + "/site" }

    init() throws {
      let fileManager = FileManager.default
      try fileManager.createDirectory(atPath: root + "/breeds/abys", withIntermediateDirectories: true)
      try Data("home".utf8).write(to: URL(fileURLWithPath: root + "/index.html"))
      try Data("abys".utf8).write(to: URL(fileURLWithPath: root + "/breeds/abys/index.html"))
      try Data("secret".utf8).write(to: URL(fileURLWithPath: base + "/secret.txt"))
      try fileManager.createSymbolicLink(atPath: root + "/escape", withDestinationPath: base + "/secret.txt")
      try fileManager.createSymbolicLink(atPath: root + "/escape-dir", withDestinationPath: base)
      try fileManager.createSymbolicLink(atPath: root + "/inside", withDestinationPath: root + "/index.html")
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
  }

  static let refused = [
    "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt", "/breeds/..%2f..%2fsecret.txt",
    "/..%5csecret.txt", "/%5c..%5csecret.txt", "/breeds\\..\\..\\secret.txt", "/escape", "/escape-dir/secret.txt",
    "//etc/passwd", "/etc/passwd", "/%00index.html", "/missing.html", "/.", "/breeds/./abys/",
    "relative/index.html", "/%zz",
  ]

  @Test("traversal attempts and missing files get the 404 page", arguments: refused)
  func refuses(_ path: String) throws {
    let folder = try Folder()
    #expect(RequestPath.resolve(path, root: folder.root, in: LocalFileSystem()) == .notFound)
  }

  @Test("pages, folders and symlinks that stay inside are served")
  func serves() throws {
    let folder = try Folder()
    let real = LocalFileSystem().entry(at: folder.root).realPath ?? folder.root
    #expect(RequestPath.resolve("/", root: folder.root, in: LocalFileSystem()) == .file(real + "/index.html"))
    #expect(
      RequestPath.resolve("/breeds/abys/", root: folder.root, in: LocalFileSystem())
        == .file(real + "/breeds/abys/index.html"))
    #expect(
      RequestPath.resolve("/breeds/abys/index.html?x=1", root: folder.root, in: LocalFileSystem())
        == .file(real + "/breeds/abys/index.html"))
    #expect(RequestPath.resolve("/breeds/abys", root: folder.root, in: LocalFileSystem()) == .redirect("/breeds/abys/"))
    #expect(RequestPath.resolve("/inside", root: folder.root, in: LocalFileSystem()) == .file(real + "/index.html"))
  }

  @Test("server-sent events put every line of data on its own data: line")
  func events() {
    #expect(ReloadHub.event("reload", data: "") == "event: reload\ndata: \n\n")
    #expect(ReloadHub.event("errors", data: "a\nb") == "event: errors\ndata: a\ndata: b\n\n")
  }

  @Test("a tab that connects after a failed rebuild still sees the errors, until a reload")
  func replay() async {
    let hub = ReloadHub()
    await hub.showErrors(["content/cats.json:1:1: error: x"])
    var iterator = await hub.subscribe().makeAsyncIterator()
    #expect(await iterator.next() == "event: errors\ndata: content/cats.json:1:1: error: x\n\n")
    await hub.reload()
    #expect(await iterator.next() == "event: reload\ndata: \n\n")
  }

  /// A started watcher of `folder` and its reports; `stop` ends it. A watcher that never
  /// reports ends the stream after 30 s, failing the test instead of hanging it.
  func watch(_ folder: Folder, debounce: Double = 0.05) -> (reports: AsyncStream<Set<String>>, stop: () -> Void) {
    let (reports, sink) = AsyncStream.makeStream(of: Set<String>.self)
    let watcher = Watcher(folders: [folder.root], fileSystem: LocalFileSystem(), debounce: debounce) {
      sink.yield($0)
    }
    watcher.start()
    let deadline = Task {
      try await Task.sleep(for: .seconds(30))
      sink.finish()
    }
    return (
      reports,
      {
        watcher.stop(); deadline.cancel()
      }
    )
  }

  @Test("the watcher reports an edit once")
  func watcher() async throws {
    let folder = try Folder()
    let first = folder.root + "/breeds/abys/index.html"
    let second = folder.root + "/second.html"
    let (reports, stop) = watch(folder)
    defer { stop() }
    var next = reports.makeAsyncIterator()
    try Data("edited".utf8).write(to: URL(fileURLWithPath: first))
    #expect(await next.next() == [first], "one report of the edit within 30 s")
    // Once, shown by order rather than by waiting: a second report of the first edit would
    // come before the report of this later edit, or with it.
    try Data("second".utf8).write(to: URL(fileURLWithPath: second))
    #expect(await next.next() == [second], "then one report of the later edit alone")
  }

  @Test("a file saved in a folder made while watching is reported")
  func folderMadeLater() async throws {
    let folder = try Folder()
    let made = folder.root + "/new"
    let file = made + "/deeper/photo.jpg"
    let (reports, stop) = watch(folder)
    defer { stop() }
    var next = reports.makeAsyncIterator()
    try FileManager.default.createDirectory(atPath: made + "/deeper", withIntermediateDirectories: true)
    #expect(await next.next()?.contains(made) == true, "the new folder reported within 30 s")
    // A file edit between: the watches stay as they are.
    try Data("edited".utf8).write(to: URL(fileURLWithPath: folder.root + "/second.html"))
    #expect(await next.next() == [folder.root + "/second.html"])
    try Data("photo".utf8).write(to: URL(fileURLWithPath: file))
    #expect(await next.next() == [file], "a save in the folder below the new one is reported too")
  }

  #if os(Linux)
    @Test("a finished save is reported without waiting out the debounce")
    func savedAtOnce() async throws {
      let folder = try Folder()
      let file = folder.root + "/parks.plist"
      // A debounce no test waits out: only a report that does not wait for it comes.
      let (reports, stop) = watch(folder, debounce: 600)
      defer { stop() }
      var next = reports.makeAsyncIterator()
      // Written and closed, as an editor saves.
      try Data("edited".utf8).write(to: URL(fileURLWithPath: file))
      #expect(await next.next() == [file], "the save reported within 30 s, not after 600")
    }
  #endif
}
