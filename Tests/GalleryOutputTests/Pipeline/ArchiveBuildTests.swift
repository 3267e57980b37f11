import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Whole builds with `zip:` in site.yml: the minimal site's park (Ohiopyle,
/// falls1.jpg) and category (Sleepy, sleepy1.jpg) are albums with one photo each.
@Suite("Album zips: built")
struct ArchiveBuildTests {
  static let zips = ["categories/sleepy/sleepy.zip", "parks/ohiopyle/ohiopyle.zip"]

  /// The zips below public/, by path.
  static func zips(in site: TestSite) -> [String] {
    site.files(under: "public").keys.filter { $0.hasSuffix(".zip") }.sorted()
  }

  /// The cached zips, by name.
  static func cached(in site: TestSite) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: site.root + "/.cache/catgallery/archives")) ?? []).sorted()
  }

  static func inode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
  }

  @Test("zip: true puts each album's zip beside its page, holding its photos' largest copies, linked from the cache")
  func built() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "zip: true\n"])
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(report.archivesMade == 2 && report.timings.map(\.stage).contains("archives"))
    #expect(Self.zips(in: site) == Self.zips)
    let zip = site.root + "/public/parks/ohiopyle/ohiopyle.zip"
    #expect(try ZipCheck.isValid(zip))
    // The largest copy of the 800-pixel-wide photo, in JPEG.
    let largest = try #require(
      site.files(under: "public/images").keys.first { $0.hasPrefix("falls1-800x600.") && $0.hasSuffix(".jpg") })
    #expect(
      try ZipCheck.members(of: zip) == [
        try ZipCheck.member("falls1.jpg", from: site.root + "/public/images/" + largest)
      ])
    let cached = try #require(Self.cached(in: site).first { $0.hasPrefix("ohiopyle.") })
    #expect(Self.inode(zip) == Self.inode(site.root + "/.cache/catgallery/archives/" + cached))
  }

  @Test("zip: originals holds the files as they are in content/")
  func originals() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "zip: originals\n"])
    #expect(site.build().succeeded)
    #expect(
      try ZipCheck.members(of: site.root + "/public/categories/sleepy/sleepy.zip") == [
        try ZipCheck.member("sleepy1.jpg", from: site.root + "/content/photos/sleepy1.jpg")
      ])
  }

  @Test("a rebuild that changes no photo writes no zip; a changed photo makes a new one and the old goes")
  func rebuilt() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "zip: true\n"])
    #expect(site.build().succeeded)
    let before = Self.cached(in: site)
    let sleepy = site.root + "/public/categories/sleepy/sleepy.zip"
    let inode = Self.inode(sleepy)
    try site.write("content/site.yml", "zip: true\ntitle: Other title\n")
    let again = site.build()
    #expect(again.succeeded && again.archivesMade == 0)
    #expect(Self.cached(in: site) == before && Self.inode(sleepy) == inode)
    try site.photo("falls1.jpg", width: 1000, height: 600)
    let changed = site.build()
    #expect(changed.succeeded && changed.archivesMade == 1)
    let after = Self.cached(in: site)
    #expect(after.count == 2 && after.filter(before.contains).count == 1, "sleepy's kept, ohiopyle's replaced")
    #expect(Self.inode(sleepy) == inode)
    let largest = try #require(
      site.files(under: "public/images").keys.first { $0.hasPrefix("falls1-1000x600.") && $0.hasSuffix(".jpg") })
    #expect(
      try ZipCheck.members(of: site.root + "/public/parks/ohiopyle/ohiopyle.zip") == [
        try ZipCheck.member("falls1.jpg", from: site.root + "/public/images/" + largest)
      ])
  }

  @Test("without zip:, no zip is made, no stage runs and no cache folder appears")
  func off() throws {
    for yaml in ["title: Cats\n", "zip: false\n"] {
      let site = try MinimalSite.make(replacing: ["content/site.yml": yaml])
      let report = site.build()
      #expect(report.succeeded && report.archivesMade == 0 && !report.timings.map(\.stage).contains("archives"))
      #expect(Self.zips(in: site).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: site.root + "/.cache/catgallery/archives"))
    }
  }
}
