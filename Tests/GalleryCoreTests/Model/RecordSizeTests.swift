import Testing

@testable import GalleryCore

/// A build holds each photo several times over (the loaded files, the folder
/// tree, the albums' items, the image jobs) and a fact site holds every fact,
/// so these records' own sizes multiply by the site's size: a video's probe
/// and plan, a photo's metadata or a Live Photo's clip held in place made each
/// copy a kilobyte or two (`Boxed`). The bounds leave room for a few more
/// plain fields, not for another large value held in place.
@Suite("Record sizes")
struct RecordSizeTests {
  @Test(
    "a photo's records stay small however much a file says about itself",
    arguments: [
      ("PhotoFile", MemoryLayout<PhotoFile>.stride), ("Photo", MemoryLayout<Photo>.stride),
      ("MediaItem", MemoryLayout<MediaItem>.stride), ("ImageJob", MemoryLayout<ImageJob>.stride),
      ("Fact", MemoryLayout<Fact>.stride),
    ])
  func small(record: String, stride: Int) {
    #expect(stride <= 512, "\(record) takes \(stride) bytes a copy")
  }
}
