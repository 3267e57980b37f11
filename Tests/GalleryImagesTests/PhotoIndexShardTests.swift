import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// Issue 24: the photo index is kept one file per photo folder, so a build
/// of one album reads and writes that album's entries alone.
@Suite("Photo index: one file per folder")
struct PhotoIndexShardTests {
  static let root = "/cache"

  static func cache(_ fileSystem: MemoryFileSystem = MemoryFileSystem()) -> DerivativeCache {
    DerivativeCache(folder: root, fileSystem: fileSystem)
  }

  static func entry(_ hash: String) -> PhotoIndex.Entry {
    PhotoIndex.Entry(
      attributes: FileAttributes(size: 665, modified: 1_795_797_348.5), hash: hash,
      header: ImageHeader(storedWidth: 48, storedHeight: 36, orientation: 1, hasAlpha: false, format: "jpeg"),
      metadata: RawMetadata(), probe: nil)
  }

  /// Photos at the top, in a folder and in a folder inside it.
  static func index(_ keys: [String] = ["top.jpg", "Kyoto/a.jpg", "Kyoto/b.jpg", "Kyoto/Gion/c.jpg"]) -> PhotoIndex {
    var index = PhotoIndex.from([])
    for key in keys { index.entries[key] = entry("hash-of-" + key) }
    return index
  }

  /// The shard files in the index's folder, by name.
  static func shards(_ cache: DerivativeCache) throws -> [String] {
    try cache.fileSystem.entries(of: cache.indexFolder)
  }

  @Test("an index of three folders is saved as three files and reads back whole")
  func roundTrip() throws {
    let cache = Self.cache()
    let index = Self.index()
    try cache.save(index: index, previous: nil)
    #expect(
      try Self.shards(cache) == ["", "Kyoto", "Kyoto/Gion"].map(PhotoIndex.shardName(of:)).sorted())
    #expect(cache.indexFile(folder: "Kyoto") == "/cache/photos/" + PhotoIndex.shardName(of: "Kyoto"))
    #expect(try cache.fileSystem.contents(of: cache.indexFile(folder: "Kyoto")) == index.shard("Kyoto").json())
    #expect(cache.loadIndex() == index)
    #expect(!cache.fileSystem.exists(cache.indexFile), "no file of the whole index")
  }

  @Test("a shard's name is the first 16 hex digits of its folder's SHA-256")
  func shardName() {
    // printf '' | sha256sum; printf 'Kyoto' | sha256sum
    #expect(PhotoIndex.shardName(of: "") == "e3b0c44298fc1c14.json")
    #expect(PhotoIndex.shardName(of: "Kyoto") == "d2e84058c20a3643.json")
    #expect(PhotoIndex.isShardName("e3b0c44298fc1c14.json"))
    #expect(!PhotoIndex.isShardName("photos.json") && !PhotoIndex.isShardName("e3b0c44298fc1c14.json.tmp"))
  }

  @Test("one folder's shard reads alone, without the others' entries")
  func oneFolder() throws {
    let cache = Self.cache()
    let index = Self.index()
    try cache.save(index: index, previous: nil)
    let kyoto = cache.loadIndex(folder: "Kyoto")
    #expect(kyoto.entries.keys.sorted() == ["Kyoto/a.jpg", "Kyoto/b.jpg"])
    #expect(kyoto == index.shard("Kyoto"))
    #expect(kyoto.holdsTagsRead)
    #expect(cache.loadIndex(folder: "Nara").entries.isEmpty)
  }

  @Test("a save writes only the shard of the folder that changed, and removes a gone folder's")
  func onlyChanged() throws {
    let fileSystem = MemoryFileSystem()
    let cache = Self.cache(fileSystem)
    let first = Self.index()
    try cache.save(index: first, previous: nil)
    let modified = { (folder: String) in try fileSystem.attributes(of: cache.indexFile(folder: folder)).modified }
    let (top, kyoto) = (try modified(""), try modified("Kyoto"))
    var second = first
    second.entries["Kyoto/b.jpg"] = Self.entry("edited")
    second.entries["Kyoto/Gion/c.jpg"] = nil
    try cache.save(index: second, previous: first)
    #expect(try modified("") == top, "an unchanged folder's shard is not written")
    #expect(try modified("Kyoto") > kyoto)
    #expect(!fileSystem.exists(cache.indexFile(folder: "Kyoto/Gion")))
    #expect(cache.loadIndex() == second)
  }

  @Test("a save with no previous index, or one of other tags, writes every shard and removes strays")
  func wholeSave() throws {
    let fileSystem = MemoryFileSystem()
    let cache = Self.cache(fileSystem)
    try cache.save(index: Self.index(["Nara/d.jpg"]), previous: nil)
    let index = Self.index()
    try cache.save(index: index, previous: nil)
    #expect(!fileSystem.exists(cache.indexFile(folder: "Nara")))
    let before = try fileSystem.attributes(of: cache.indexFile(folder: "")).modified
    var retagged = index
    retagged.metadataTags = ["Exif.Image.Make"]
    try cache.save(index: index, previous: retagged)
    #expect(try fileSystem.attributes(of: cache.indexFile(folder: "")).modified > before)
    #expect(cache.loadIndex() == index)
  }

  @Test("the one file of an older cache is read, then replaced by the shards at the next save")
  func migration() throws {
    let cache = Self.cache()
    let index = Self.index()
    try cache.fileSystem.write(try index.json(), to: cache.indexFile)
    #expect(cache.loadIndex() == index)
    #expect(cache.loadIndex(folder: "Kyoto").entries.isEmpty, "one folder is read from its shard only")
    // Nothing changed, yet every shard is written: the loaded index came from the old file.
    try cache.save(index: index, previous: cache.loadIndex())
    #expect(!cache.fileSystem.exists(cache.indexFile))
    #expect(try Self.shards(cache).count == 3)
    #expect(cache.loadIndex() == index)
    #expect(cache.loadIndex(folder: "Kyoto") == index.shard("Kyoto"))
  }

  @Test("pruning keeps the shards of the folders named and whatever is not a shard")
  func prune() throws {
    let cache = Self.cache()
    try cache.save(index: Self.index(), previous: nil)
    try cache.fileSystem.write(Data("mine".utf8), to: cache.indexFolder + "/notes.txt")
    cache.pruneIndex(keepingFolders: ["Kyoto", "Nara"])
    #expect(try Self.shards(cache) == [PhotoIndex.shardName(of: "Kyoto"), "notes.txt"].sorted())
  }

  @Test("a shard of no entries removes the folder's file")
  func emptyShard() throws {
    let cache = Self.cache()
    let index = Self.index()
    try cache.save(shard: index.shard("Kyoto"), folder: "Kyoto")
    #expect(cache.loadIndex(folder: "Kyoto") == index.shard("Kyoto"))
    try cache.save(shard: index.shard("Nara"), folder: "Kyoto")
    #expect(!cache.fileSystem.exists(cache.indexFile(folder: "Kyoto")))
    try cache.save(shard: PhotoIndex(), folder: "Nara")
  }

  @Test("a shard of an older version reads as empty; shards read for other tags trust no metadata")
  func olderShards() throws {
    let cache = Self.cache()
    let index = Self.index()
    try cache.save(index: index, previous: nil)
    var old = index.shard("Kyoto")
    old.version = PhotoIndex.currentVersion - 1
    try cache.fileSystem.write(try old.json(), to: cache.indexFile(folder: "Kyoto"))
    #expect(cache.loadIndex(folder: "Kyoto").entries.isEmpty)
    #expect(cache.loadIndex().entries.keys.sorted() == ["Kyoto/Gion/c.jpg", "top.jpg"])
    var retagged = index.shard("Kyoto")
    retagged.metadataTags = ["Exif.Image.Make"]
    try cache.save(shard: retagged, folder: "Kyoto")
    let merged = cache.loadIndex()
    #expect(merged.entries.count == 4 && merged.metadataTags.isEmpty && !merged.holdsTagsRead)
  }
}
