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
}
