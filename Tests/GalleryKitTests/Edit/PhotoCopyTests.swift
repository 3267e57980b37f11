import Foundation
import Testing

@testable import GalleryKit

/// A photo catgallery copied into content/photos/cats/ goes with the last
/// cat that uses it; any other photo stays.
@Suite("A removed cat's copied photo")
struct PhotoCopyTests {
  static let felis = "5d9a1c2e8f0b2a0011a1b2c3"

  /// The minimal site with Felis's photo named `photoUrl`, and `manifest` as SOURCES.json.
  func site(photoUrl: String, manifest: String? = nil) throws -> (TestSite, ContentEditor) {
    let cats = MinimalSite.cats.replacingOccurrences(
      of: "\"photoUrl\": \"cat1\"", with: "\"photoUrl\": \"\(photoUrl)\"")
    var files = ["content/cats.json": cats]
    if let manifest { files["content/photos/SOURCES.json"] = manifest }
    let site = try MinimalSite.make(replacing: files, inMemory: true)
    try site.photo("cats/cat-felis.jpg")
    let editor = ContentEditor(
      siteRoot: site.root, fileSystem: site.fileSystem, codec: FakeCodec(fileSystem: site.fileSystem),
      now: TestSite.now)
    return (site, editor)
  }

  @Test("removing the cat removes its copy, and the build has nothing unused to warn about")
  func removed() async throws {
    let (site, editor) = try site(photoUrl: "cats/cat-felis")
    let removed = try await editor.removeCat(Self.felis, network: .live(allowingKeyHosts: []))
    #expect(removed == "content/photos/cats/cat-felis.jpg")
    #expect(!site.fileSystem.exists(site.root + "/content/photos/cats/cat-felis.jpg"))
    #expect(!TestSite.lines(site.build()).contains { $0.contains("cats/cat-felis") })
  }

  @Test(
    "a photo fetch downloaded, or one not copied in by catgallery, stays",
    arguments: [
      (
        "cats/cat-felis",
        #"{"photos": [{"file": "cats/cat-felis.jpg", "source": "restdb", "id": "x", "url": "https://example.org/x.jpg", "sha256": "", "bytes": 1}]}"#
      ),
      ("cat1", nil),
    ] as [(String, String?)])
  func kept(photoUrl: String, manifest: String?) async throws {
    let (site, editor) = try site(photoUrl: photoUrl, manifest: manifest)
    let removed = try await editor.removeCat(Self.felis, network: .live(allowingKeyHosts: []))
    #expect(removed == nil)
    #expect(site.fileSystem.exists(site.root + "/content/photos/cats/cat-felis.jpg"))
    #expect(site.fileSystem.exists(site.root + "/content/photos/cat1.png"))
  }
}
