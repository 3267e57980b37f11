import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// Issue 24: the placeholder colours of a folder built album by album are
/// held as numbers, and written back as the same file.
@Suite("Render store: placeholder colours held compactly")
struct RenderStoreTests {
  // Catgallery's hashes are 24 hex digits; others as long as 32 are held as numbers too.
  static let hashA = String(repeating: "0a", count: 12)
  static let hashB = String(repeating: "f3", count: 16)
  static let hashC = "c" + String(repeating: "9", count: 23)

  static let renders: [String: RenderedPhoto] = [
    hashA: RenderedPhoto(placeholder: "#0a1b2c"),
    hashB: RenderedPhoto(placeholder: "#ffffff", warnings: ["Premature end of JPEG file"]),
    hashC: RenderedPhoto(failure: "not a known image format"),
    "not-a-hash": RenderedPhoto(placeholder: "#123456"),
    "9" + String(repeating: "0", count: 23): RenderedPhoto(placeholder: "#ABCDEF"),
    "00f": RenderedPhoto(placeholder: "#010203"),
    String(repeating: "e", count: 64): RenderedPhoto(placeholder: "#040506"),
  ]

  @Test("every record reads back as it was given, and the file is the bytes the dictionary saves")
  func sameRecordsSameBytes() throws {
    let store = RenderStore(Self.renders)
    #expect(store.count == Self.renders.count)
    #expect(store.compact == Self.renders.count - 2, "held as numbers")
    for (hash, rendered) in Self.renders { #expect(store[hash] == rendered, "\(hash)") }
    #expect(store.records(for: [Self.hashA, "missing"]) == [Self.hashA: Self.renders[Self.hashA]])
    #expect(store.undecodable == [Self.hashC: "not a known image format"])
    let fileSystem = MemoryFileSystem(files: [:])
    let cache = DerivativeCache(folder: "/cache", fileSystem: fileSystem)
    try cache.save(renders: Self.renders)
    let whole = try fileSystem.contents(of: cache.placeholderFile)
    try cache.save(renders: store)
    #expect(try fileSystem.contents(of: cache.placeholderFile) == whole)
    #expect(cache.loadRenders() == Self.renders)
  }

  @Test("a record merged later replaces the one held")
  func mergeReplaces() {
    var store = RenderStore(Self.renders)
    store.merge([Self.hashC: RenderedPhoto(placeholder: "#000000")])
    #expect(store[Self.hashC] == RenderedPhoto(placeholder: "#000000"))
    #expect(store.undecodable.isEmpty)
  }
}
