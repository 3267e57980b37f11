import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// An animation of more frames than memory should hold at once (frames ×
/// frame pixels over `VipsCodec.heldFramePixels`) is read from its file as
/// each animated size is saved, never held whole: the copies are the same
/// animation as a short one's, every frame, delay and the loop count kept.
/// Its memory is measured by `make bench` (the animation case), not here.
@Suite("Long animations", .enabled(if: MadeImages.haveConvert, "needs ImageMagick (apt-get install imagemagick)"))
struct LongAnimationTests {
  @Test("a long GIF's animated sizes keep every frame, its delays and loop; its thumbnails are the first frame")
  func streamed() throws {
    let folder = try TestSite()
    let source = folder.root + "/long.gif"
    let frames = 110
    let colours = (0..<frames).map { ["red", "lime", "blue"][$0 % 3] }
    let delays = (0..<frames).map { [10, 20, 30][$0 % 3] }
    try MadeImages.animatedGIF(at: source, width: 400, height: 400, colours: colours, delays: delays, loop: 2)
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let photo = Photo(
      id: "long.gif", file: "photos/long.gif", path: source, hash: "0123abcd", header: try codec.header(of: source),
      stem: "long")
    var config = SiteConfig()
    config.widths = [120, 640]
    config.thumbnail = 40
    let job = DerivativePlanner.job(for: photo, config: config, share: true)
    #expect(job.decodePixels > VipsCodec.heldFramePixels)
    let cache = DerivativeCache(folder: folder.root + "/cache", fileSystem: LocalFileSystem())
    let result = ImageProcessor(codec: codec, cache: cache).process([job])
    #expect(result.diagnostics.isEmpty && result.processed == 1, "\(result.diagnostics)")
    #expect(job.display.map(\.spec.width) == [120, 400])
    // vipsheader shortens a long list: its first frames are compared.
    let expectedDelays = delays.prefix(30).map { String($0 * 10) }.joined(separator: " ")
    for derivative in job.display {
      let path = cache.path(of: derivative) + "[n=-1]"
      #expect(try Fixtures.header(path, "n-pages") == String(frames), "\(derivative.fileName)")
      #expect(try Fixtures.header(path, "page-height") == String(derivative.spec.height))
      #expect(try Fixtures.header(path, "width") == String(derivative.spec.width))
      let delay = try Fixtures.header(path, "delay").trimmingCharacters(in: .whitespaces)
      #expect(delay.hasPrefix(expectedDelays), "\(delay)")
      #expect(try Fixtures.header(path, "loop") == "2")
    }
    for derivative in job.thumbnails + [job.share].compactMap({ $0 }) {
      let path = cache.path(of: derivative)
      #expect(try Fixtures.header(path, "n-pages") == "" || (try Fixtures.header(path, "n-pages")) == "1")
      let pixel = try Fixtures.pixel(path, derivative.spec.width / 2, derivative.spec.height / 2)
      #expect(pixel.count >= 3 && pixel[0] > 200 && pixel[1] < 60 && pixel[2] < 60, "\(pixel)")
    }
  }
}
