import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// The albums' zips as the cache makes them with libzip, checked by other
/// readers (Python's zipfile, Info-ZIP's unzip) against the source bytes.
@Suite("Album zips: made and cached")
struct ArchiveMakerTests {
  /// A site folder in the system temp folder with photos of random bytes and
  /// a cache, removed when done.
  final class Folder: Sendable {
    let root = NSTemporaryDirectory() + "catgallery-zip-" + UUID().uuidString
    let cache: DerivativeCache

    init() throws {
      cache = DerivativeCache(folder: root + "/.cache/catgallery", fileSystem: LocalFileSystem())
      try FileManager.default.createDirectory(atPath: root + "/content/photos", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// A photo of `size` random bytes at content/photos/`name`.
    func photo(_ name: String, size: Int = 20_000, taken: String? = nil) throws -> Photo {
      let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255) })
      let path = root + "/content/photos/" + name
      try bytes.write(to: URL(fileURLWithPath: path))
      var photo = Photo(
        id: name, file: "content/photos/" + name, path: path, hash: try ZipCheck.sha256(path),
        header: ImageHeader(storedWidth: 800, storedHeight: 600, orientation: 1, hasAlpha: false, format: "jpeg"),
        stem: Slug.make(ArchivePlanner.stem(of: name)))
      photo.metadata.taken = taken
      return photo
    }

    /// The zip of an album "trips" of `photos`, as the planner makes it.
    func job(_ photos: [Photo], mode: ArchiveMode = .originals, jobs: [ImageJob] = []) throws -> ArchiveJob {
      var album = Album(title: "Trips", slug: "trips")
      album.items = photos.map { MediaItem(photo: $0, caption: $0.id, slug: Slug.make($0.id)) }
      album.assignPaths(below: "")
      return try #require(ArchivePlanner.job(for: album, mode: mode, jobs: ImageJobTable(jobs)))
    }
  }

  /// Counts the zips written, then writes them with libzip.
  final class CountingWriter: ArchiveWriter {
    let written = Locked(0)
    func write(_ entries: [ArchiveEntry], to path: String) throws(ArchiveError) {
      _ = written.increment()
      try ZipArchiveWriter().write(entries, to: path)
    }
  }

  @Test("three photos make a zip that Python and unzip accept, each file stored under its name with its bytes")
  func threePhotos() throws {
    let folder = try Folder()
    let photos = [
      try folder.photo("IMG_0001.jpg", taken: "2024:05:01 14:03:22"), try folder.photo("café au lait.jpg"),
      try folder.photo("#1?.png", size: 70_000),
    ]
    let job = try folder.job(photos)
    let result = ArchiveMaker(cache: folder.cache).make([job])
    #expect(result.diagnostics.isEmpty && result.made == 1 && result.ready == [job])
    let zip = folder.cache.path(of: job)
    #expect(try ZipCheck.run("python3", ["-m", "zipfile", "-t", zip]).status == 0)
    #expect(try ZipCheck.run("unzip", ["-tq", zip]).status == 0)
    let expected = try photos.map { photo in
      let bytes = try Data(contentsOf: URL(fileURLWithPath: photo.path))
      let time = photo.metadata.taken == nil ? "[1980, 1, 1, 0, 0, 0]" : "[2024, 5, 1, 14, 3, 22]"
      // `?` is no name Windows unpacks: the member is `#1_.png`.
      let name = photo.id.replacingOccurrences(of: "?", with: "_")
      return "\(name)|0|\(time)|\(bytes.count)|\(try ZipCheck.sha256(photo.path))"
    }
    #expect(try ZipCheck.members(of: zip) == expected)
    let size = try #require(try? folder.cache.fileSystem.attributes(of: zip)).size
    #expect(result.sizes == [ArchiveLink.sizeKey(hash: job.hash): ArchiveLink.size(bytes: size)])
  }

  @Test("photos named with ESC, BEL and a backslash make a zip that Python and unzip accept, under safe names")
  func hostileNames() throws {
    let folder = try Folder()
    let photos = [
      try folder.photo("esc\u{1B}[31m.jpg"), try folder.photo("bell\u{07}.jpg"), try folder.photo("C:\\win.jpg"),
      try folder.photo("CON.jpg"),
    ]
    let job = try folder.job(photos)
    let result = ArchiveMaker(cache: folder.cache).make([job])
    #expect(result.diagnostics.isEmpty && result.made == 1, "\(result.diagnostics)")
    let zip = folder.cache.path(of: job)
    #expect(try ZipCheck.isValid(zip))
    #expect(
      try ZipCheck.members(of: zip).map { String($0.prefix { $0 != "|" }) } == [
        "esc_[31m.jpg", "bell_.jpg", "C__win.jpg", "_CON.jpg",
      ])
  }

  @Test(
    "an original swapped for a link out after the check is not zipped",
    arguments: ["the photo itself", "a folder on its path"])
  func swappedOriginal(_ swapped: String) throws {
    let folder = try Folder()
    let photo = try folder.photo("a.jpg")
    let job = try folder.job([photo])
    let outside = try TestSite()
    try outside.write("photos/a.jpg", "outside the site")
    let photos = folder.root + "/content/photos"
    if swapped == "the photo itself" {
      try FileManager.default.removeItem(atPath: photos + "/a.jpg")
      try FileManager.default.createSymbolicLink(
        atPath: photos + "/a.jpg", withDestinationPath: outside.root + "/photos/a.jpg")
    } else {
      try FileManager.default.moveItem(atPath: photos, toPath: folder.root + "/content/moved")
      try FileManager.default.createSymbolicLink(atPath: photos, withDestinationPath: outside.root + "/photos")
    }
    let result = ArchiveMaker(cache: folder.cache).make([job])
    #expect(
      result.diagnostics.map(\.description) == [
        "error: cannot make trips/trips.zip: content/photos/a.jpg: it was replaced by a symbolic link while the"
          + " site was read; it was not read"
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.cache.archives) == [])
  }

  @Test("a zip of the largest copies reads them from the cache")
  func largestCopies() throws {
    let folder = try Folder()
    let photo = try folder.photo("a.png")
    let derivative = DerivativePlanner.job(for: photo, config: SiteConfig()).display.last
    let copy = try #require(derivative)
    try FileManager.default.createDirectory(atPath: folder.cache.derivatives, withIntermediateDirectories: true)
    let bytes = Data("JPEG bytes".utf8)
    try bytes.write(to: URL(fileURLWithPath: folder.cache.path(of: copy)))
    let hash = try ZipCheck.sha256(folder.cache.path(of: copy))
    let job = try folder.job(
      [photo], mode: .largest, jobs: [DerivativePlanner.job(for: photo, config: SiteConfig())])
    #expect(ArchiveMaker(cache: folder.cache).make([job]).made == 1)
    #expect(
      try ZipCheck.members(of: folder.cache.path(of: job)) == [
        "a.jpg|0|[1980, 1, 1, 0, 0, 0]|\(bytes.count)|\(hash)"
      ])
  }

  @Test("a second build reuses the cached zip: nothing written, the very same file")
  func reused() throws {
    let folder = try Folder()
    let job = try folder.job([try folder.photo("a.jpg"), try folder.photo("b.jpg")])
    let writer = CountingWriter()
    var maker = ArchiveMaker(cache: folder.cache)
    maker.writer = writer
    #expect(maker.make([job]).made == 1)
    let path = folder.cache.path(of: job)
    let before = try FileManager.default.attributesOfItem(atPath: path)
    let again = maker.make([job, job])
    #expect(again.made == 0 && again.reused == 1 && again.ready == [job, job])
    #expect(writer.written.current == 1)
    let after = try FileManager.default.attributesOfItem(atPath: path)
    #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
    #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
  }

  @Test("a changed photo makes a new zip under a new name, and the prune takes the old one")
  func changedPhoto() throws {
    let folder = try Folder()
    let old = try folder.job([try folder.photo("a.jpg"), try folder.photo("b.jpg")])
    #expect(ArchiveMaker(cache: folder.cache).make([old]).made == 1)
    let new = try folder.job([try folder.photo("a.jpg"), try folder.photo("b.jpg")])
    #expect(new.hash != old.hash && new.fileName != old.fileName)
    #expect(ArchiveMaker(cache: folder.cache).make([new]).made == 1)
    // Something of the user's in the folder is not a zip's to prune.
    try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.cache.archives + "/notes.txt"))
    #expect(folder.cache.pruneArchives(keeping: [new.fileName]) == 1)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.cache.archives)) == [new.fileName, "notes.txt"])
  }

  @Test("the same members give a byte-identical zip, whenever and wherever it is made")
  func deterministic() throws {
    let folder = try Folder()
    let job = try folder.job([try folder.photo("a.jpg"), try folder.photo("b.jpg", taken: "2001:02:03 04:05:06")])
    let other = DerivativeCache(folder: folder.root + "/other-cache", fileSystem: LocalFileSystem())
    #expect(ArchiveMaker(cache: folder.cache).make([job]).made == 1)
    // Another mode and time for the sources: neither reaches the zip.
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o600, .modificationDate: Date(timeIntervalSince1970: 1e9)],
      ofItemAtPath: folder.root + "/content/photos/a.jpg")
    #expect(ArchiveMaker(cache: other).make([job]).made == 1)
    let first = try Data(contentsOf: URL(fileURLWithPath: folder.cache.path(of: job)))
    #expect(try Data(contentsOf: URL(fileURLWithPath: other.path(of: job))) == first)
  }

  @Test("a photo with no copy to zip is an error naming it, and leaves nothing in the cache")
  func missingMember() throws {
    let folder = try Folder()
    let photo = try folder.photo("a.jpg")
    let job = try folder.job(
      [photo], mode: .largest, jobs: [DerivativePlanner.job(for: photo, config: SiteConfig())])
    let result = ArchiveMaker(cache: folder.cache).make([job])
    #expect(
      result.diagnostics.map(\.description) == [
        "error: cannot make trips/trips.zip: content/photos/a.jpg has no copy to put in it"
      ])
    #expect(result.ready.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.cache.archives) == [])
  }

  /// Not an assertion on memory (another suite may run beside it), a
  /// measurement: run alone, `swift test --filter ArchiveMakerTests/flatMemory`.
  @Test("a 200 MB photo is zipped through a small buffer, never held whole")
  func flatMemory() throws {
    let folder = try Folder()
    let path = folder.root + "/content/photos/huge.jpg"
    let size = 200 * 1024 * 1024
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    // Sparse: the disk holds nothing, a reader gets 200 MB of zeros.
    #expect(truncate(path, off_t(size)) == 0)
    let photo = Photo(
      id: "huge.jpg", file: "content/photos/huge.jpg", path: path, hash: "huge",
      header: ImageHeader(storedWidth: 1, storedHeight: 1, orientation: 1, hasAlpha: false, format: "jpeg"),
      stem: "huge")
    let job = try folder.job([photo])
    Self.resetPeak()
    let before = Self.peakResidentKB()
    #expect(ArchiveMaker(cache: folder.cache).make([job]).made == 1)
    let growth = Self.peakResidentKB() - before
    print("zipping a 200 MB file raised the peak resident set by \(growth) kB")
    let zip = folder.cache.path(of: job)
    #expect(try #require(try? folder.cache.fileSystem.attributes(of: zip)).size > size)
    #expect(try ZipCheck.run("unzip", ["-tq", zip]).status == 0)
  }

  /// The process's peak resident set, in kB, since `resetPeak` (Linux's
  /// VmHWM); getrusage's ru_maxrss cannot be reset, so it would show only
  /// growth past the highest peak of every test before.
  static func peakResidentKB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// Sets the peak resident set back to the current one (proc(5), clear_refs).
  static func resetPeak() {
    guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
    defer { try? file.close() }
    try? file.write(contentsOf: Data("5".utf8))
  }
}
