import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// A staging folder holds hard links to the last good output's unchanged
/// files: nothing written into it may change a file through such a link.
@Suite("Staging never writes through a link")
struct StagingLinkTests {
  @Test("on disk, creating a file where a hard link is replaces the link and leaves the other name as it was")
  func createReplacesLink() throws {
    let site = try TestSite(files: ["public/a.html": "last good build"])
    let fileSystem = LocalFileSystem()
    try fileSystem.createFolder(site.root + "/staging")
    try fileSystem.link(site.root + "/public/a.html", to: site.root + "/staging/a.html")
    try fileSystem.create(site.root + "/staging/a.html", with: Data("another page".utf8))
    #expect(site.read("public/a.html") == "last good build")
    #expect(site.read("staging/a.html") == "another page")
  }

  /// Found by an attack on the album-by-album build (c6ed9e6): the first of
  /// two colliding pages was linked from the output, the second written over
  /// it, and the failed build had changed the site it said it kept.
  @Test("two pages at one path after a good build fail the build and leave every file of the output as it was")
  func collisionKeepsOutput() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    let before = TestSite.files(in: site.root + "/public")
    let categories = MinimalSite.categories.replacingOccurrences(
      of: "</array>\n</plist>",
      with: """
          <dict>
            <key>CategoryTitle</key>
            <string>SLEEPY</string>
            <key>ImageNames</key>
            <array>
              <string>falls1</string>
            </array>
          </dict>
        </array>
        </plist>
        """)
    #expect(categories != MinimalSite.categories)
    try site.write("content/categories.plist", categories)
    let report = site.build()
    #expect(!report.succeeded)
    #expect(TestSite.lines(report).contains { $0.contains("would be written to") })
    #expect(TestSite.files(in: site.root + "/public") == before)
  }
}
