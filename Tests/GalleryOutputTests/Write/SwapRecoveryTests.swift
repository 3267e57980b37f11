import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Issue 11, data loss: what a kill leaves beside the output is sorted out by
/// the next build without losing anything of the user's. The kill itself, at
/// every rename, link and unlink of a real build, is `Tests/robustness/test_kill.py`.
@Suite("Robustness: the swap and what a kill leaves")
struct SwapRecoveryTests {
  /// A built site whose public/ has a deploy's `.git` and a `CNAME`.
  static func deployedSite() throws -> TestSite {
    let site = try MinimalSite.make()
    try site.write("public/.git/HEAD", "ref: refs/heads/gh-pages\n")
    #expect(site.build().succeeded)
    try site.write("public/CNAME", "cats.example.org\n")
    return site
  }

  static func expectDeployIntact(_ site: TestSite, leftovers expectNone: Bool = true) throws {
    #expect(site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
    #expect(site.read("public/CNAME") == "cats.example.org\n")
    #expect(site.read("public/index.html") != nil)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root).filter { $0.hasPrefix(".public.") }
    if expectNone { #expect(leftovers == []) }
  }

  @Test("killed after the exchange: the old site, still holding .git and CNAME, gives them back")
  func killedAfterExchange() throws {
    let site = try Self.deployedSite()
    let old = site.root + "/.public.staging-999999"
    // The state right after the exchange: the new site in place, the old one
    // beside it with the user's entries not yet carried over.
    try FileManager.default.copyItem(atPath: site.root + "/public", toPath: old)
    for entry in [".git", "CNAME"] { try FileManager.default.removeItem(atPath: site.root + "/public/" + entry) }
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded && report.diagnostics.isEmpty, "\(TestSite.lines(report))")
    try Self.expectDeployIntact(site)
  }

  @Test("killed between an earlier version's two renames: the old site is put back first")
  func killedBetweenLegacyRenames() throws {
    let site = try Self.deployedSite()
    try FileManager.default.removeItem(atPath: site.root + "/public/.catgallery-output")
    try FileManager.default.moveItem(atPath: site.root + "/public", toPath: site.root + "/.public.old-999999")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    #expect(site.build().succeeded)
    #expect(site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
    #expect(site.read("public/facts/index.html")?.contains("Cats purr.") == true)
  }

  /// Found by `Tests/robustness/test_kill.py` once the marker of a staging
  /// folder was rewritten (by a temporary file and a rename) after its pages.
  @Test("a build killed while rewriting its staging folder's marker leaves no temporary file in the output")
  func killedWhileRelisting() throws {
    let site = try Self.deployedSite()
    let staging = ".public.staging-999999/"
    try site.write(staging + ".catgallery-output", "catgallery made this folder\nTop-level\nindex.html\n")
    try site.write(staging + "index.html", "<p>whole")
    try site.write(staging + ".tmp-999999-0A1B2C3D-.catgallery-output", "catgallery made this folder\n")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded && report.diagnostics.isEmpty, "\(TestSite.lines(report))")
    try Self.expectDeployIntact(site)
    let entries = try FileManager.default.contentsOfDirectory(atPath: site.root + "/public")
    #expect(!entries.contains { $0.hasPrefix(".tmp-") }, "\(entries)")
  }

  @Test("a half-written staging folder holds nothing of the user's and is removed")
  func killedWhileStaging() throws {
    let site = try Self.deployedSite()
    try site.write(".public.staging-999999/.catgallery-output", "catgallery made this folder\nTop-level\nindex.html\n")
    try site.write(".public.staging-999999/index.html", "<p>half")
    try site.write(".public.trash-999998/.catgallery-output", "catgallery made this folder\nTop-level\nindex.html\n")
    try site.write(".public.trash-999998/index.html", "<p>old")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    #expect(site.build().succeeded)
    try Self.expectDeployIntact(site)
  }

  /// Where a folder named like a leftover puts its two files: untouched when the name is not
  /// one a build makes or when it is trash that is not all the site's; otherwise set aside
  /// whole as `kept-PID` (nothing in it is known to be the site's), its dotfile carried into
  /// public/ as a killed build's `.git` is.
  @Test(
    "folders named like leftovers that are not a build's are never deleted or followed",
    arguments: [
      (".public.old", ".public.old/thesis.txt", ".public.old/.notes"),
      (".public.staging-5", ".public.kept-PID/thesis.txt", "public/.notes"),
      (".public.trash-6", ".public.trash-6/thesis.txt", ".public.trash-6/.notes"),
      (".public.retired-7", ".public.kept-PID/thesis.txt", "public/.notes"),
      (".public.staging-x", ".public.staging-x/thesis.txt", ".public.staging-x/.notes"),
    ])
  func foreignLeftovers(_ name: String, thesis: String, notes: String) throws {
    let site = try Self.deployedSite()
    let outside = try TestSite()
    try outside.write(".ssh/id_ed25519", "secret")
    try site.write(name + "/thesis.txt", "mine")
    try site.write(name + "/.notes", "mine too")
    // And a planted link of the same kind, which a cloned repository can carry.
    let link = site.root + "/.public.staging-1"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside.root)
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded)
    let pid = "\(ProcessInfo.processInfo.processIdentifier)"
    #expect(site.read(thesis.replacingOccurrences(of: "PID", with: pid)) == "mine")
    #expect(site.read(notes.replacingOccurrences(of: "PID", with: pid)) == "mine too")
    let moved = !thesis.hasPrefix(name + "/")
    #expect(FileManager.default.fileExists(atPath: site.root + "/" + name) == !moved)
    #expect(
      TestSite.lines(report).contains {
        $0.hasSuffix("/.public.staging-1 is named like a folder a build leaves, but is not one; left alone")
      })
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == outside.root)
    // Nothing was written through the link: the folder behind it holds what it held.
    #expect(
      try FileManager.default.subpathsOfDirectory(atPath: outside.root).sorted() == [
        ".ssh", ".ssh/id_ed25519", "content",
      ])
    #expect(outside.read(".ssh/id_ed25519") == "secret")
    #expect(!FileManager.default.fileExists(atPath: site.root + "/public/.ssh"))
    try Self.expectDeployIntact(site, leftovers: false)
  }

  @Test("a user's entry whose name the new site now takes is kept aside and named, never deleted")
  func clashIsKept() throws {
    let site = try Self.deployedSite()
    let old = site.root + "/.public.staging-999999"
    try FileManager.default.copyItem(atPath: site.root + "/public", toPath: old)
    for entry in [".git", "CNAME"] { try FileManager.default.removeItem(atPath: site.root + "/public/" + entry) }
    try site.write(".public.staging-999999/sitemap.xml", "the user's own")
    // The old marker did not list it: the user put it there.
    let marker = try #require(site.read("public/.catgallery-output"))
    try site.write(
      ".public.staging-999999/.catgallery-output", marker.replacingOccurrences(of: "sitemap.xml\n", with: ""))
    let report = site.build()
    #expect(report.succeeded)
    let kept = site.root + "/.public.kept-\(ProcessInfo.processInfo.processIdentifier)"
    #expect(
      TestSite.lines(report) == [
        "warning: \(kept) keeps your sitemap.xml from the old site: the new site has files of the same name"
      ])
    #expect(FileManager.default.contents(atPath: kept + "/sitemap.xml") == Data("the user's own".utf8))
    #expect(site.read("public/.git/HEAD") == "ref: refs/heads/gh-pages\n")
    #expect(site.read("public/CNAME") == "cats.example.org\n")
  }

  @Test("serve replaces a page only once the images it shows are in place")
  func pagesAfterImages() throws {
    let site = try MinimalSite.make()
    let output = site.root + "/served"
    let cache = DerivativeCache(folder: site.root + "/cache", fileSystem: LocalFileSystem())
    let spec = DerivativeSpec(width: 320, height: 240, crop: false, format: .jpeg, quality: 80)
    let missing = Derivative(spec: spec, stem: "falls1", hash: "0123456789ab")
    let page = OutputFile(path: "parks/index.html", data: Data("<img src=\"../images/\(missing.fileName)\">".utf8))
    #expect(throws: WriteError.self) {
      try SiteWriter(output: OutputFolder(output), fileSystem: LocalFileSystem()).update(
        files: [page], derivatives: [missing], cache: cache)
    }
    #expect(!FileManager.default.fileExists(atPath: output + "/parks/index.html"))
  }
}

/// Issue 12, silent losses: a cache file that cannot be saved is a warning
/// naming it and the reason, never swallowed.
@Suite("Robustness: cache files that cannot be saved")
struct UnsavedCacheTests {
  @Test("a photo index or placeholder file that cannot be saved is a warning naming it")
  func unsaved() throws {
    let site = try MinimalSite.make()
    let cache = site.root + "/.cache/catgallery"
    // Directories where the files go: the atomic rename onto each fails, even as root.
    for name in ["photos/" + PhotoIndex.shardName(of: ""), "placeholders.json"] {
      try FileManager.default.createDirectory(atPath: cache + "/" + name, withIntermediateDirectories: true)
    }
    let report = site.build()
    #expect(report.succeeded)
    let tail = "; the next build will do this work again"
    #expect(
      TestSite.lines(report) == [
        "\(cache)/photos: warning: cannot save the photo index (Is a directory)" + tail,
        "\(cache)/placeholders.json: warning: cannot save the photos' placeholder colours (Is a directory)" + tail,
      ])
  }
}
