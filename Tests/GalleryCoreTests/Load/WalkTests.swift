import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// The folder walk that finds photos and templates: hidden entries and the
/// litter of operating systems and NAS boxes are passed over, the rest found.
@Suite("Folder walk")
struct WalkTests {
  /// Each path, and whether the walk finds it.
  static let cases: [(path: String, found: Bool)] = [
    ("a.jpg", true),
    ("Day 2/b.jpg", true),
    ("recycled/c.jpg", true),
    ("thumbs/d.jpg", true),
    (".hidden.jpg", false),
    (".DS_Store", false),
    (".git/HEAD", false),
    (".thumbnails/normal/a.png", false),
    ("@eaDir/a.jpg@SynoEAStream", false),
    ("@eaDir/a.jpg/SYNOPHOTO_THUMB_XL.jpg", false),
    ("Day 2/@eaDir/b.jpg/SYNOPHOTO_THUMB_M.jpg", false),
    ("#recycle/old.jpg", false),
    ("@Recycle/old.jpg", false),
    ("$RECYCLE.BIN/S-1-5-21/$RABC123.jpg", false),
    ("$Recycle.Bin/x.jpg", false),
    ("System Volume Information/x.jpg", false),
    ("__MACOSX/Day 2/._b.jpg", false),
    ("Thumbs.db", false),
    ("Day 2/thumbs.db", false),
    ("ehthumbs.db", false),
    ("desktop.ini", false),
    ("Day 2/Desktop.ini", false),
  ]

  @Test("hidden entries and system litter are skipped, photos in ordinary folders found", arguments: cases)
  func skips(_ testCase: (path: String, found: Bool)) throws {
    let folder = try TestSite()
    try folder.write("photos/" + testCase.path, "FAKE 10x10")
    let loader = SiteLoader(fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: NoMetadata())
    let found = loader.files(under: folder.root + "/photos")
    #expect(found == (testCase.found ? [testCase.path] : []))
  }

  @Test("a previewed folder's NAS thumbnails become no photos and no warnings")
  func previewSkipsLitter() throws {
    let folder = try TestSite()
    try folder.write("IMG_1.jpg", "FAKE 800x600")
    try folder.write("@eaDir/IMG_1.jpg/SYNOPHOTO_THUMB_XL.jpg", "FAKE 10x10")
    try folder.write("@eaDir/IMG_1.jpg/broken.jpg", "not an image")
    try folder.write("Thumbs.db", "cache")
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: folder.root)
    #expect(source.photos.map(\.relativePath) == ["IMG_1.jpg"])
    #expect(source.diagnostics.isEmpty, "\(source.diagnostics.map(\.description))")
  }

  /// Makes folders `levels` deep below `root`, each named `name`, with a
  /// fake photo at each of the last `photos` levels: a path longer than the
  /// system opens, made one folder at a time as a user's tools can.
  static func deep(_ root: String, name: String, levels: Int, photos: Int) throws {
    let script = """
      import os, sys
      os.chdir(sys.argv[1])
      levels, photos, name = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
      for level in range(levels):
          os.mkdir(name)
          os.chdir(name)
          if level >= levels - photos:
              with open("deep.jpg", "w") as f:
                  f.write("FAKE 10x10")
      """
    try MadeImages.run("/usr/bin/python3", ["-c", script, root, String(levels), String(photos), name])
  }

  @Test("photos too deep for the system to open are named in a warning, not dropped in silence")
  func tooDeep() throws {
    let folder = try TestSite()
    try folder.write("top.jpg", "FAKE 800x600")
    let name = String(repeating: "d", count: 200)
    // The folder's own path and 19 levels of 201 bytes stay under 4,096 bytes; the 20th and 21st do not.
    try Self.deep(folder.root, name: name, levels: 21, photos: 3)
    let depth = (folder.root + "/").utf8.count
    let reachable = (4_095 - depth) / 201
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: folder.root)
    let label = (folder.root as NSString).lastPathComponent
    let last = Array(repeating: name, count: reachable).joined(separator: "/")
    let lines = source.diagnostics.map(\.description)
    #expect(
      lines.contains {
        $0.hasPrefix("\(label)/\(last): warning: left out ")
          && $0.hasSuffix(
            " in this folder: a path longer than 4095 bytes is more than the system opens; move the folder higher up")
      }, "\(lines)")
    #expect(lines.count == 1, "\(lines)")
    #expect(source.photos.contains { $0.relativePath == "top.jpg" })
  }

  @Test(
    "a file or folder whose name is not UTF-8 is kept by its bytes, not dropped in silence or called removed",
    arguments: [[0x63, 0x61, 0x66, 0xE9, 0x2F, 0x61, 0x2E, 0x6A, 0x70, 0x67], [0x62, 0xFF, 0x2E, 0x6A, 0x70, 0x67]]
      as [[UInt8]])
  func notUTF8(_ bytes: [UInt8]) throws {
    let folder = try TestSite()
    try folder.write("ok.jpg", "FAKE 800x600")
    let script = """
      import os, sys
      path = os.path.join(os.fsencode(sys.argv[1]), bytes.fromhex(sys.argv[2]))
      os.makedirs(os.path.dirname(path), exist_ok=True)
      open(path, "w").write("FAKE 10x10")
      """
    let hex = bytes.map { String(format: "%02x", $0) }.joined()
    try MadeImages.run("/usr/bin/python3", ["-c", script, folder.root, hex])
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: folder.root)
    #expect(source.diagnostics.map(\.description) == [])
    #expect(source.photos.map(\.relativePath) == [PathBytes.string(bytes), "ok.jpg"].sorted())
  }
}
