import Foundation
import Testing

@testable import GalleryCore

/// The photo index is saved an entry at a time (issue 24); its file stays the
/// bytes `JSONEncoder` with sorted keys makes of the whole index, which the
/// next load decodes.
@Suite("Photo index JSON")
struct PhotoIndexJSONTests {
  static func entry(_ hash: String, metadata: RawMetadata = RawMetadata()) -> PhotoIndex.Entry {
    PhotoIndex.Entry(
      attributes: FileAttributes(size: 665, modified: 1_795_797_348.1274433), hash: hash,
      header: ImageHeader(storedWidth: 48, storedHeight: 36, orientation: 6, hasAlpha: false, format: "jpeg"),
      metadata: metadata, probe: nil)
  }

  static func whole(_ index: PhotoIndex) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(index)
  }

  /// Names that sort differently by bytes, by case, by number and by
  /// canonical equivalence (é composed and decomposed).
  static let names = [
    "b.jpg", "B.jpg", "a10.jpg", "a9.jpg", "\u{E9}t\u{E9}.jpg", "e\u{301}t\u{E9}.jpg", "ß.jpg", "ss.jpg",
    "2000 Bergen/IMG_1.jpg", "2000 Bergen/img_1.jpg", "a b/c.jpg", "a-b/c.jpg", "a_b/c.jpg", "\"q\"\\.jpg",
    "ａ.jpg", "Z.png",
  ]

  @Test("an index's JSON is the bytes of the whole index encoded at once")
  func sameBytes() throws {
    var index = PhotoIndex.from([])
    for (number, name) in Self.names.enumerated() {
      let metadata = RawMetadata([
        "Exif.Photo.DateTimeOriginal": .text("2024:05:0\(number % 10) 10:00:00"), "Exif.Image.Make": .bytes([67, 0]),
      ])
      index.entries[name] = Self.entry(String(format: "%024x", number), metadata: metadata)
    }
    #expect(try index.json() == Self.whole(index))
    #expect(try JSONDecoder().decode(PhotoIndex.self, from: index.json()) == index)
  }

  @Test("an empty index, and one without a version, are the bytes of the whole too")
  func edges() throws {
    let empty = PhotoIndex.from([])
    #expect(try empty.json() == Self.whole(empty))
    var unversioned = PhotoIndex()
    unversioned.entries["a.jpg"] = Self.entry("abc")
    #expect(try unversioned.json() == Self.whole(unversioned))
  }

  /// An index of a photo and a video as saved before the probe was boxed
  /// (version 6): sorted keys, no "probe" key for the photo.
  static let saved = """
    {"entries":{"a.jpg":{"attributes":{"modified":1795797348.5,"size":665},"hash":"abc",\
    "header":{"format":"jpeg","frames":1,"hasAlpha":false,"orientation":1,"storedHeight":36,"storedWidth":48},\
    "metadata":{"values":{}}},\
    "b.mp4":{"attributes":{"modified":1795797349.5,"size":9000},"hash":"def",\
    "header":{"format":"mp4","frames":1,"hasAlpha":false,"orientation":1,"storedHeight":36,"storedWidth":48},\
    "metadata":{"values":{}},\
    "probe":{"audio":{"channels":2,"codec":"aac","index":1,"sampleRate":48000},"bitRate":64000,\
    "container":"mov,mp4,m4a,3gp,3g2,mj2","duration":1.5,"fileSize":9000}}},\
    "metadataTags":["Exif.Image.Make"],"version":6}
    """

  @Test("an index saved before the probe was boxed reads back, and is saved as the same bytes")
  func savedBeforeBoxing() throws {
    let index = try JSONDecoder().decode(PhotoIndex.self, from: Data(Self.saved.utf8))
    #expect(index.entries["a.jpg"]?.probe == nil)
    let probe = try #require(index.entries["b.mp4"]?.probe)
    #expect(probe.container == "mov,mp4,m4a,3gp,3g2,mj2" && probe.duration == 1.5 && probe.audio?.channels == 2)
    #expect(String(decoding: try index.json(), as: UTF8.self) == Self.saved)
    #expect(String(decoding: try Self.whole(index), as: UTF8.self) == Self.saved)
    var other = index
    other.entries["b.mp4"]?.probe?.duration = 2
    #expect(other != index, "entries compare by their probes")
  }

  @Test("an index entry holds no video probe in place: a photo's entry has none")
  func probeBoxed() {
    #expect(MemoryLayout<PhotoIndex.Entry>.stride < MemoryLayout<VideoProbe>.stride)
  }
}
