import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// Where a PNG ends: at its IEND chunk, whatever follows it (browsers and
/// libvips ignore trailing bytes); a file cut before that chunk is short.
@Suite("PNG end")
struct PhotoEndTests {
  static let png =
    Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]) + Data("IEND".utf8)
    + Data([0xAE, 0x42, 0x60, 0x82])

  @Test(
    "bytes after the IEND chunk are allowed; a file cut inside it or before it is not",
    arguments: [
      (png, true), (png + Data(repeating: 0, count: 100), true), (png + Data("junk".utf8), true),
      (png.dropLast(1), false), (png.dropLast(6), false), (png.prefix(8), false),
    ] as [(Data, Bool)])
  func end(data: Data, complete: Bool) throws {
    #expect(ImageFormat.png.isComplete(data) == complete)
    #expect((try? ContentEditor.imageFormat(of: data, named: "a.png")) == (complete ? .png : nil))
  }
}
