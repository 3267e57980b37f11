import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// Issue 24: the staging folder remembers only the folders it made lately,
/// not one per photo page for the whole site, and makes a forgotten folder
/// again only where a folder, never a link, stands.
@Suite("Staging folder: a bounded memory of its folders")
struct StagingFolderTests {
  /// Twelve albums of four photos: each photo's page is a folder of its own.
  static let albums: [String: String] = {
    var files: [String: String] = [:]
    for album in 1...12 {
      for photo in 1...4 { files["/photos/album-\(album)/p\(photo).jpg"] = "FAKE 800x600" }
    }
    return files
  }()

  @Test("a staging folder that remembers four folders writes every page a whole-site build writes, and holds a few")
  func bounded() throws {
    let fileSystem = MemoryFileSystem(files: Self.albums)
    let held = Locked<[Int]>([])
    var pipeline = StreamedBuildTests.pipeline(fileSystem)
    pipeline.folderLimit = 4
    pipeline.holdingFolders = { count in held.withLock { $0.append(count) } }
    let streamed = StreamedBuildTests.expectSameAsWhole(pipeline, in: fileSystem)
    #expect(streamed.keys.count { $0.hasSuffix("index.html") } == 2 + 12 * 5 + 2)
    // The home and folder pages, each album, and the pages after the albums;
    // forgotten at four, then the folders of one page, three deep at most.
    #expect(held.current.count == 1 + 12 + 1)
    #expect(held.current.allSatisfy { $0 <= 4 + 3 }, "\(held.current)")
  }

  @Test("the default memory holds the folders of a thousand pages, not of the site")
  func defaultLimit() throws {
    let fileSystem = MemoryFileSystem()
    try fileSystem.createFolder("/staging")
    var folder = StagingFolder(root: "/staging", output: "/out", previous: OutputManifest(), fileSystem: fileSystem)
    for page in 0..<2_500 {
      try folder.write([OutputFile(path: "album/p\(page)/index.html", data: Data("<p>\(page)".utf8))])
    }
    #expect(folder.foldersHeld <= StagingFolder.defaultFolderLimit)
    #expect(folder.manifest.files.count == 2_500)
    #expect(try fileSystem.entries(of: "/staging/album").count == 2_500)
  }

  @Test("a link put where a forgotten folder is made again stops the build; nothing is written through it")
  func linkRefused() throws {
    let fileSystem = MemoryFileSystem(files: Self.albums)
    let planted = Locked<Int?>(nil)
    var pipeline = StreamedBuildTests.pipeline(fileSystem)
    // Remembering one folder, every page's parents are made again.
    pipeline.folderLimit = 1
    pipeline.handingOn = { _ in
      guard planted.current == nil,
        let staging = fileSystem.nodes.keys.first(where: {
          $0.hasPrefix("/work/.out.staging-") && $0.hasSuffix("/photos")
        })
      else { return }
      // The folder the next album's pages go in becomes a link to one outside.
      try? fileSystem.move(staging, to: "/elsewhere")
      try? fileSystem.symlink(staging, to: "/elsewhere")
      planted.set(fileSystem.nodes.keys.count { $0.hasPrefix("/elsewhere/") })
    }
    let report = pipeline.build(folder: "/photos", options: StreamedBuildTests.options("/work/out"))
    let before = try #require(planted.current)
    #expect(!report.succeeded)
    #expect(fileSystem.nodes.keys.count { $0.hasPrefix("/elsewhere/") } == before)
    #expect(!fileSystem.exists("/work/out"))
  }
}
