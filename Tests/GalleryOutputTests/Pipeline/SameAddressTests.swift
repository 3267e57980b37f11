import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Two files or folders whose names slug alike, the same photo in both: the
/// preview is built, each has an address of its own, and a note names both.
@Suite("names that give one address")
struct SameAddressTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String { files.joined(separator: " + ") }
    /// Paths in the previewed folder, each a copy of landscape.jpg.
    var files: [String]
    /// The photo pages' paths below the gallery.
    var pages: [String]
    /// The note, after the previewed folder's name, when an address moved.
    var note: String?
  }

  static let cases = [
    Case(files: ["x.jpg", "x.jpeg"], pages: ["x-jpg", "x-jpeg"], note: nil),
    Case(
      files: ["IMG_0001.JPG", "img_0001.jpg"], pages: ["img-0001-jpg", "img-0001-jpg-2"],
      note: "IMG_0001.JPG: note: its address is \"img-0001-jpg-2\": \"img_0001.jpg\" beside it has"
        + " \"img-0001-jpg\", as both names slug alike"),
    Case(
      files: ["photo 1.jpg", "photo_1.jpg"], pages: ["photo-1-jpg", "photo-1-jpg-2"],
      note: "photo_1.jpg: note: its address is \"photo-1-jpg-2\": \"photo 1.jpg\" beside it has"
        + " \"photo-1-jpg\", as both names slug alike"),
    Case(
      files: ["my album/a.jpg", "my_album/a.jpg"], pages: ["my-album/a-jpg", "my-album-2/a-jpg"],
      note: "my_album: note: its address is \"my-album-2\": \"my album\" beside it has \"my-album\", as both"
        + " names slug alike"),
  ]

  @Test("each gets an address of its own and the preview is built", arguments: cases)
  func distinct(_ test: Case) throws {
    let photos = try TestSite()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.image("landscape.jpg")))
    for file in test.files { try photos.write(file, data: bytes) }
    let workspace = try TestSite()
    var options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/site")
    options.cacheFolder = workspace.root + "/cache"
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let report = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now }
    ).build(folder: photos.root, options: options)
    let name = (photos.root as NSString).lastPathComponent
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(TestSite.lines(report) == test.note.map { ["\(name)/\($0)"] } ?? [])
    let gallery = workspace.root + "/site/" + PreviewSource.sectionsPath(for: name) + "/"
    for page in test.pages {
      #expect(FileManager.default.fileExists(atPath: gallery + page + "/index.html"), "\(page)")
    }
  }
}
