import Foundation
import TestSupport
import Testing

@testable import GalleryContent

/// A photo catgallery copied into content/photos/cats/ goes with the last
/// cat that uses it; any other photo stays.
@Suite("A removed cat's copied photo")
struct PhotoCopyTests {
  static let felis = "5d9a1c2e8f0b2a0011a1b2c3"

  /// The minimal site with Felis's photo named `photoUrl`, `manifest` as
  /// SOURCES.json and `copies` as the list of copies (`sha` stands for the
  /// sha256 of cat-felis.jpg's bytes).
  func site(photoUrl: String, manifest: String? = nil, copies: String? = nil) throws -> (TestSite, ContentEditor) {
    let cats = MinimalSite.cats.replacingOccurrences(
      of: "\"photoUrl\": \"cat1\"", with: "\"photoUrl\": \"\(photoUrl)\"")
    var files = ["content/cats.json": cats]
    if let manifest { files["content/photos/SOURCES.json"] = manifest }
    let site = try MinimalSite.make(replacing: files, inMemory: true)
    try site.photo("cats/cat-felis.jpg")
    if let copies {
      let sha = FileSnapshot.hash(try site.fileSystem.contents(of: site.root + "/content/photos/cats/cat-felis.jpg"))
      try site.fileSystem.createFolder(site.root + "/.cache/catgallery")
      try site.fileSystem.write(
        Data(copies.replacingOccurrences(of: "sha", with: sha).utf8), to: site.root + "/" + PhotoCopies.file)
    }
    let editor = ContentEditor(
      siteRoot: site.root, fileSystem: site.fileSystem, codec: FakeCodec(fileSystem: site.fileSystem),
      now: TestSite.now)
    return (site, editor)
  }

  static let listed = #"{"cats/cat-felis.jpg": "sha"}"#

  @Test("removing the cat removes its listed copy, and the build has nothing unused to warn about")
  func removed() async throws {
    let (site, editor) = try site(photoUrl: "cats/cat-felis", copies: Self.listed)
    let removed = try await editor.removeCat(Self.felis, network: .live(allowingKeyHosts: []))
    #expect(removed == .removed(file: "content/photos/cats/cat-felis.jpg"))
    #expect(!site.fileSystem.exists(site.root + "/content/photos/cats/cat-felis.jpg"))
    #expect(!TestSite.lines(site.build()).contains { $0.contains("cats/cat-felis") })
    let list = try site.fileSystem.contents(of: site.root + "/" + PhotoCopies.file)
    #expect(try JSONDecoder().decode([String: String].self, from: list).isEmpty)
  }

  @Test(
    "a photo fetch downloaded, or one the list does not have as copied, stays",
    arguments: [
      (
        #"{"photos": [{"file": "cats/cat-felis.jpg", "source": "restdb", "id": "x", "url": "https://example.org/x.jpg", "sha256": "", "bytes": 1}]}"#,
        PhotoCopyTests.listed, nil
      ),
      (nil, "{}", "catgallery did not copy it in"),
      (nil, #"{"cats/cat-felis.jpg": "0"}"#, "it changed since catgallery copied it in"),
      (nil, nil, "catgallery has no list of the photos it copied in (.cache/catgallery/copies.json), so it is yours"),
    ] as [(String?, String?, String?)])
  func kept(manifest: String?, copies: String?, reason: String?) async throws {
    let (site, editor) = try site(photoUrl: "cats/cat-felis", manifest: manifest, copies: copies)
    let removed = try await editor.removeCat(Self.felis, network: .live(allowingKeyHosts: []))
    #expect(removed == reason.map { .kept(file: "content/photos/cats/cat-felis.jpg", reason: $0) })
    #expect(site.fileSystem.exists(site.root + "/content/photos/cats/cat-felis.jpg"))
  }
}
