import Foundation
import Testing

@testable import GalleryKit

@Suite("Validator cache: stored per URL as JSON")
struct ValidatorCacheTests {
  static let breeds = URL.literal("https://api.example.invalid/v1/breeds")
  static let page2 = URL.literal("https://catfact.example.invalid/facts?page=2")

  /// A folder removed when the test ends.
  final class Folder {
    let path = NSTemporaryDirectory() + "validators-" + UUID().uuidString
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test("what is saved loads back the same, per URL, query included")
  func roundTrip() throws {
    let folder = Folder()
    var cache = ValidatorCache()
    cache.store(Validators(etag: "\"a1\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"), for: Self.breeds)
    cache.store(Validators(etag: "W/\"p2\""), for: Self.page2)
    let path = folder.path + "/cache/validators.json"
    try cache.save(to: path, in: LocalFileSystem())
    let loaded = try ValidatorCache.load(from: path, in: LocalFileSystem())
    #expect(loaded == cache)
    #expect(loaded.validators(for: Self.page2).etag == "W/\"p2\"")
    #expect(loaded.validators(for: URL.literal("https://catfact.example.invalid/facts?page=3")).isEmpty)
  }

  @Test("no file yet is an empty cache")
  func missingFile() throws {
    #expect(try ValidatorCache.load(from: Folder().path + "/none.json", in: LocalFileSystem()) == ValidatorCache())
  }

  @Test("a damaged file is an error naming it, not a silent empty cache")
  func damagedFile() throws {
    let folder = Folder()
    try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
    let path = folder.path + "/validators.json"
    try Data("{\"entries\": [1, 2]".utf8).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: ValidatorCache.LoadError.self) {
      try ValidatorCache.load(from: path, in: LocalFileSystem())
    }
    #expect(error.path == path)
    #expect("\(error)".hasPrefix("\(path): error: cannot read the validator cache (not a validator cache: "))
  }

  @Test("storing empty validators forgets the URL")
  func forget() {
    var cache = ValidatorCache()
    cache.store(Validators(etag: "\"1\""), for: Self.breeds)
    cache.store(Validators(), for: Self.breeds)
    #expect(cache.entries.isEmpty)
  }
}
