import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

@Suite("Response cache: validators and bodies kept per URL in the fetch state")
struct ResponseCacheTests {
  static let breeds = URL.literal("https://api.example.invalid/v1/breeds")
  static let page2 = URL.literal("https://catfact.example.invalid/facts?page=2")

  @Test("what is saved loads back the same, per URL, query included")
  func roundTrip() throws {
    let fileSystem = MemoryFileSystem()
    var state = FetchState()
    state.responses.store(
      Validators(etag: "\"a1\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT"), body: Data("[1]".utf8),
      for: Self.breeds)
    state.responses.store(Validators(etag: "W/\"p2\""), for: Self.page2)
    try fileSystem.createFolder("/site")
    try fileSystem.write(try state.encoded(), to: "/site/state.json")
    let loaded = FetchState.load(from: "/site/state.json", in: fileSystem)
    #expect(loaded == state)
    #expect(loaded.responses.validators(for: Self.page2).etag == "W/\"p2\"")
    #expect(loaded.responses.entry(for: Self.breeds)?.body == Data("[1]".utf8))
    #expect(loaded.responses.validators(for: URL.literal("https://catfact.example.invalid/facts?page=3")).isEmpty)
  }

  @Test("no file, a damaged file or an older shape is an empty state: everything is asked again")
  func missingOrDamaged() throws {
    let fileSystem = MemoryFileSystem()
    try fileSystem.createFolder("/site")
    #expect(FetchState.load(from: "/site/none.json", in: fileSystem) == FetchState())
    try fileSystem.write(Data("{\"responses\": [1, 2]".utf8), to: "/site/bad.json")
    #expect(FetchState.load(from: "/site/bad.json", in: fileSystem) == FetchState())
    try fileSystem.write(
      Data("{\"version\": 0, \"responses\": {\"entries\": {}}, \"files\": {}}".utf8), to: "/site/old.json")
    #expect(FetchState.load(from: "/site/old.json", in: fileSystem) == FetchState())
  }

  @Test("storing empty validators forgets the URL")
  func forget() {
    var cache = ResponseCache()
    cache.store(Validators(etag: "\"1\""), for: Self.breeds)
    cache.store(Validators(), for: Self.breeds)
    #expect(cache.entries.isEmpty)
  }

  @Test("the same state always encodes to the same bytes")
  func stableEncoding() throws {
    var a = FetchState()
    var b = FetchState()
    a.responses.store(Validators(etag: "\"1\""), for: Self.breeds)
    a.responses.store(Validators(etag: "\"2\""), for: Self.page2)
    b.responses.store(Validators(etag: "\"2\""), for: Self.page2)
    b.responses.store(Validators(etag: "\"1\""), for: Self.breeds)
    #expect(try a.encoded() == b.encoded())
  }
}
