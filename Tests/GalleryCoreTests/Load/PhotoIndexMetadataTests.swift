import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// The photo index keeps each photo's metadata with its header: an unchanged
/// photo is not read again.
@Suite("Photo index and metadata")
struct PhotoIndexMetadataTests {
  /// The fake reader, counting the files it reads.
  final class CountingReader: MetadataReader {
    let fake: FakeMetadataReader
    let reads = Locked(0)

    init(fileSystem: FileSystem) { fake = FakeMetadataReader(fileSystem: fileSystem) }

    func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
      reads.withLock { $0 += 1 }
      return fake.read(tags, from: path)
    }
  }

  @Test("metadata comes from the index while a photo is unchanged, and is read again when it changes")
  func cached() throws {
    let site = try TestSite(inMemory: true)
    try site.photo("a.jpg")
    try site.write("content/photos/b.jpg", "FAKE 800x600 exif desc=Morning fog")
    let reader = CountingReader(fileSystem: site.fileSystem)
    func load(_ index: PhotoIndex) -> [PhotoFile] {
      SiteLoader(
        fileSystem: site.fileSystem, codec: FakeCodec(fileSystem: site.fileSystem), metadata: reader, index: index
      )
      .load(root: site.root).photos.sorted { $0.relativePath < $1.relativePath }
    }
    let first = load(PhotoIndex())
    #expect(reader.reads.current == 2)
    #expect(first.map { $0.metadata?.caption } == [nil, "Morning fog"])
    #expect(first[1].metadata?.camera == "Fake Cam 1")
    let index = PhotoIndex.from(first)
    #expect(load(index).map(\.metadata) == first.map(\.metadata))
    #expect(reader.reads.current == 2, "nothing read again")
    // An index from before the interpreter read other tags: metadata alone is read again.
    var older = index
    older.metadataTags = ["Exif.Image.ImageDescription"]
    #expect(load(older).map(\.metadata) == first.map(\.metadata))
    #expect(reader.reads.current == 4)
    try site.write("content/photos/b.jpg", "FAKE 800x600 desc=Evening fog, longer")
    #expect(load(index)[1].metadata?.caption == "Evening fog, longer")
    #expect(reader.reads.current == 5)
  }

  @Test("the index keeps raw tags, so the interpreter's rules apply to cached photos too")
  func raw() throws {
    var raw = RawMetadata()
    raw.values["Exif.Image.ImageDescription"] = .bytes(Array("SONY DSC".utf8))
    raw.values["Exif.Image.Model"] = .bytes(Array("X-T3\0".utf8))
    let photo = PhotoFile(
      relativePath: "a.jpg", file: "a.jpg", path: "/a.jpg", hash: "1",
      header: ImageHeader(storedWidth: 8, storedHeight: 6, orientation: 1, hasAlpha: false, format: "jpeg"),
      attributes: FileAttributes(size: 1, modified: 2), rawMetadata: raw)
    let index = PhotoIndex.from([photo])
    #expect(index.entries["a.jpg"]?.metadata == raw)
    let decoded = try JSONDecoder().decode(PhotoIndex.self, from: try JSONEncoder().encode(index))
    #expect(decoded == index)
    #expect(photo.metadata?.caption == nil && photo.metadata?.camera == "X-T3")
  }
}
