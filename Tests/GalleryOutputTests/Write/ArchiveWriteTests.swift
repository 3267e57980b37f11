import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// The Write stage puts each album's zip from the cache into the output, as
/// it puts derivatives: a hard link, never a second copy of the bytes.
@Suite("Album zips: written")
struct ArchiveWriteTests {
  /// A cache in `root` holding a zip for the album at `album` with `text` as its bytes.
  static func cachedZip(_ text: String, album: String = "trips/", in root: String) throws -> (
    ArchiveJob, DerivativeCache
  ) {
    let cache = DerivativeCache(folder: root + "/.cache/catgallery", fileSystem: LocalFileSystem())
    let slug = String(album.split(separator: "/").last ?? "")
    let hash = String(text.utf8.map { String(format: "%02x", $0) }.joined().prefix(10)).padding(
      toLength: 10, withPad: "0", startingAt: 0)
    let job = ArchiveJob(
      path: album + slug + ".zip", fileName: "\(slug).\(hash).zip", hash: hash, members: [])
    try FileManager.default.createDirectory(atPath: cache.archives, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: cache.path(of: job)))
    return (job, cache)
  }

  static func inode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
  }

  @Test("a build puts each zip at its album's path, hard-linked from the cache, and the marker lists its folder")
  func staged() throws {
    let site = try TestSite()
    let output = site.root + "/public"
    let (trips, cache) = try Self.cachedZip("trips zip", in: site.root)
    let (deep, _) = try Self.cachedZip("deep zip", album: "albums/a/b/", in: site.root)
    let page = OutputFile(path: "trips/index.html", data: Data("<a href=\"trips.zip\">".utf8))
    let writer = SiteWriter(output: OutputFolder(output), fileSystem: LocalFileSystem())
    var problems: [Diagnostic] = []
    var staged = try #require(
      try writer.stage(
        paths: [page.path, trips.path, deep.path], previous: OutputManifest(), problems: &problems
      ) { folder in
        try folder.write([page])
        return []
      })
    _ = try writer.install(&staged, derivatives: [], archives: [trips, deep], cache: cache)
    #expect(site.read("public/trips/trips.zip") == "trips zip")
    #expect(site.read("public/albums/a/b/b.zip") == "deep zip")
    #expect(Self.inode(output + "/trips/trips.zip") == Self.inode(cache.path(of: trips)))
    let marker = try #require(site.read("public/" + OutputFolder.markerName))
    #expect(marker.hasSuffix("albums\nimages\ntrips\n"))
  }

  @Test("serve's in-place update replaces a changed zip in one rename and removes one no album has")
  func inPlace() throws {
    let site = try TestSite()
    let output = site.root + "/served"
    let writer = SiteWriter(output: OutputFolder(output), fileSystem: LocalFileSystem())
    let page = OutputFile(path: "trips/index.html", data: Data("page".utf8))
    let (old, cache) = try Self.cachedZip("old zip", in: site.root)
    let (new, _) = try Self.cachedZip("new zip", in: site.root)
    // From the disk first (no record of an earlier update): the zip is placed, never taken for stale.
    try writer.update(files: [page], derivatives: [], archives: [old], cache: cache)
    #expect(try writer.update(files: [page], derivatives: [], archives: [new], cache: cache) == 1)
    #expect(site.read("served/trips/trips.zip") == "new zip")
    let known = KnownOutput()
    try writer.update(files: [page], derivatives: [], archives: [old], cache: cache, known: known)
    #expect(site.read("served/trips/trips.zip") == "old zip")
    #expect(try writer.update(files: [page], derivatives: [], archives: [old], cache: cache, known: known) == 0)
    #expect(try writer.update(files: [page], derivatives: [], archives: [new], cache: cache, known: known) == 1)
    #expect(site.read("served/trips/trips.zip") == "new zip")
    #expect(Self.inode(output + "/trips/trips.zip") == Self.inode(cache.path(of: new)))
    try writer.update(files: [page], derivatives: [], archives: [], cache: cache, known: known)
    #expect(!FileManager.default.fileExists(atPath: output + "/trips/trips.zip"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: output + "/trips")
    #expect(leftovers == ["index.html"])
  }

  @Test("a changed zip changes the manifest of the site, so the output is written again")
  func digest() throws {
    let site = try TestSite()
    let (old, _) = try Self.cachedZip("old zip", in: site.root)
    let (new, _) = try Self.cachedZip("new zip", in: site.root)
    func manifest(_ archives: [ArchiveJob]) -> OutputManifest {
      var folder = StagingFolder(
        root: site.root, output: site.root, previous: OutputManifest(), fileSystem: LocalFileSystem())
      folder.expect([], archives: archives)
      return folder.manifest
    }
    let manifests = [[], [old], [new]].map(manifest)
    #expect(Set(manifests.map(\.data)).count == 3)
    #expect(manifest([old, old]) == manifests[1])
  }
}
