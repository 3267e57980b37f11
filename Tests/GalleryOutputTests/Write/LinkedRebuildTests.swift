import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// A rebuild that changes some pages writes only those: every file whose bytes
/// the last good output holds (by the digests kept in the cache) is hard-linked
/// from it into the staging folder.
@Suite("Rebuild: unchanged files linked")
struct LinkedRebuildTests {
  static func inode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
  }

  @Test("after a caption edit, unchanged pages are the same files as before and the edited page is new")
  func linksUnchanged() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    let public_ = site.root + "/public"
    let cat = try #require(Self.inode(public_ + "/cats/index.html"))
    let parks = try #require(Self.inode(public_ + "/parks/index.html"))
    let plist = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", plist.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Fells"))
    let again = site.build()
    #expect(again.succeeded && !again.outputUnchanged)
    #expect(site.read("public/parks/index.html")?.contains("Cucumber Fells") == true)
    #expect(Self.inode(public_ + "/cats/index.html") == cat, "an unchanged page is linked, not written")
    #expect(Self.inode(public_ + "/parks/index.html") != parks)
    #expect(site.read("public/cats/index.html")?.contains("<html") == true)
  }

}
