import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

/// Animated GIF and WebP stay animated: their large sizes are animated WebP
/// with the source's frame delays and loop count, their thumbnails a still of
/// the first frame, and every frame counts against the pixel limit.
@Suite("Animated images", .enabled(if: MadeImages.haveConvert, "needs ImageMagick (apt-get install imagemagick)"))
struct AnimationTests {
  let codec: VipsCodec
  let folder: TestSite

  init() throws {
    codec = try VipsCodec(fileSystem: LocalFileSystem())
    folder = try TestSite()
  }

  /// A 3-frame GIF, red then green then blue, 90×60, shown 0.2 s, 0.5 s and
  /// 0.5 s, looping three times.
  func gif(_ name: String = "anim.gif") throws -> String {
    let path = folder.root + "/" + name
    try MadeImages.animatedGIF(
      at: path, width: 90, height: 60, colours: ["red", "lime", "blue"], delays: [20, 50, 50], loop: 3)
    return path
  }

  /// The same animation as a WebP, written by libvips.
  func webp() throws -> String {
    let path = folder.root + "/anim.webp"
    try MadeImages.run("/usr/bin/env", ["vips", "copy", try gif() + "[n=-1]", path])
    return path
  }

  /// The same three frames as pages of a TIFF, which are no animation.
  func tiff() throws -> String {
    let path = folder.root + "/pages.tif"
    try MadeImages.run("/usr/bin/env", ["vips", "copy", try gif() + "[n=-1]", path])
    return path
  }

  func photo(_ path: String) throws -> Photo {
    Photo(
      id: "anim.gif", file: "photos/anim.gif", path: path, hash: "0123abcd", header: try codec.header(of: path),
      stem: "anim")
  }

  /// One header field of every frame (`vipsheader -a "file[n=-1]"`); "" when absent.
  func field(_ path: String, _ name: String) throws -> String {
    try Fixtures.header(path + "[n=-1]", name).trimmingCharacters(in: .whitespaces)
  }

  @Test("the header counts the frames of an animated GIF and WebP; a still, and a TIFF's pages, are one frame")
  func frames() throws {
    let cases: [(path: String, frames: Int)] = [
      (try gif(), 3), (try webp(), 3), (Fixtures.image("landscape.jpg"), 1), (Fixtures.image("alpha.png"), 1),
      (try tiff(), 1),
    ]
    for (path, frames) in cases {
      let header = try codec.header(of: path)
      #expect(header.frames == frames, "\(path)")
      #expect(header.isAnimated == (frames > 1), "\(path)")
      #expect(header.width == 90 || frames == 1)
    }
  }

  @Test(
    "display sizes are animated WebP keeping delays and loop count; thumbnails are a still first frame",
    arguments: ["gif", "webp"])
  func derivatives(_ kind: String) throws {
    let source = kind == "gif" ? try gif() : try webp()
    let photo = try photo(source)
    var config = SiteConfig()
    config.widths = [60, 640]
    config.thumbnail = 40
    let job = DerivativePlanner.job(for: photo, config: config)
    let cache = DerivativeCache(folder: folder.root + "/cache", fileSystem: LocalFileSystem())
    let result = ImageProcessor(codec: codec, cache: cache).process([job])
    #expect(result.diagnostics.isEmpty && result.processed == 1, "\(result.diagnostics)")

    // 60 px and the source's own 90 px: never enlarged to 640.
    #expect(job.display.map(\.spec.width) == [60, 90])
    for derivative in job.display {
      let path = cache.path(of: derivative)
      #expect(derivative.fileName.hasSuffix(".webp"))
      #expect(try field(path, "n-pages") == "3", "\(derivative.fileName)")
      #expect(try field(path, "page-height") == String(derivative.spec.height))
      #expect(try field(path, "width") == String(derivative.spec.width))
      #expect(try field(path, "delay") == "200 500 500")
      #expect(try field(path, "loop") == "3")
    }
    #expect(!job.thumbnails.isEmpty)
    for derivative in job.thumbnails {
      let path = cache.path(of: derivative)
      #expect(try field(path, "n-pages") == "" || (try field(path, "n-pages")) == "1", "\(derivative.fileName)")
      #expect(try Fixtures.header(path, "width") == String(derivative.spec.width))
      #expect(try Fixtures.header(path, "height") == String(derivative.spec.width))
      // The poster is the first frame: red.
      let pixel = try Fixtures.pixel(path, derivative.spec.width / 2, derivative.spec.width / 2)
      #expect(pixel.count >= 3 && pixel[0] > 200 && pixel[1] < 60 && pixel[2] < 60, "\(pixel)")
    }
  }

  @Test("an animation's link-preview copy is a JPEG of its first frame, even at the size of an animated copy")
  func shareCopy() throws {
    let photo = try photo(try gif())
    var config = SiteConfig()
    config.widths = [60, 640]
    config.thumbnail = 40
    let job = DerivativePlanner.job(for: photo, config: config, share: true)
    let share = try #require(job.share)
    // 90 px, the width of the animated 90 px WebP, and still a step of its own.
    #expect(share.spec.width == 90 && share.spec.format == .jpeg && !share.spec.animated)
    let step = try #require(job.chain.step(for: share.spec))
    #expect(job.chain.steps[step].still && step != job.chain.step(for: job.display[1].spec))
    let cache = DerivativeCache(folder: folder.root + "/cache", fileSystem: LocalFileSystem())
    let result = ImageProcessor(codec: codec, cache: cache).process([job])
    #expect(result.diagnostics.isEmpty && result.processed == 1, "\(result.diagnostics)")
    let path = cache.path(of: share)
    #expect(try Fixtures.header(path, "width") == "90")
    #expect(try Fixtures.header(path, "height") == "60", "one frame, not the three stacked")
    let pixel = try Fixtures.pixel(path, 45, 30)
    #expect(pixel.count >= 3 && pixel[0] > 200 && pixel[1] < 60 && pixel[2] < 60, "the first frame, red: \(pixel)")
    #expect(try field(cache.path(of: job.display[1]), "n-pages") == "3", "the animated copy keeps its frames")
  }

  @Test("an animation's plan: WebP alone for large sizes, the usual formats for the still thumbnails")
  func plan() throws {
    let photo = try photo(try gif())
    #expect(photo.isAnimated)
    let job = DerivativePlanner.job(for: photo, config: SiteConfig())
    #expect(job.display.allSatisfy { $0.spec.format == .webp && $0.spec.animated })
    // The usual formats (PNG for JPEG when the frames carry alpha).
    let formats = DerivativePlanner.formats(for: photo, config: SiteConfig())
    #expect(Set(job.thumbnails.map(\.spec.format)) == Set(formats) && formats.count == 2)
    #expect(job.thumbnails.allSatisfy { !$0.spec.animated && $0.spec.crop })
    #expect(job.chain.frames == 3 && job.decodePixels == 90 * 60 * 3)
    // The animation is other work than the still a GIF used to become: another name.
    let spec = try #require(job.display.first?.spec)
    var still = spec
    still.animated = false
    #expect(DerivativePlanner.derivative(photo, spec).hash != DerivativePlanner.derivative(photo, still).hash)

    let maker = ResponsiveImageMaker(jobs: [job], config: SiteConfig())
    let picture = try #require(maker.display(photo, alt: "a", root: "../", sizes: "100vw", lazy: false))
    // The page and the lightbox show the animation: a WebP `<img>`, no other source.
    #expect(picture.sources.isEmpty)
    #expect(picture.src.hasSuffix(".webp") && picture.full.hasSuffix(".webp"))
    let thumbnail = try #require(maker.thumbnail(photo, alt: "a", root: "../", lazy: true))
    #expect(!thumbnail.src.hasSuffix(".webp") && thumbnail.sources.map(\.type) == ["image/webp"])
    #expect(thumbnail.full == picture.full)
  }

  @Test("every frame counts against images.max_megapixels: too large an animation is refused, not decoded")
  func pixelLimit() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "images:\n  max_megapixels: 1\n"])
    // 0.48 megapixels a frame, 1.44 in all.
    try site.write("content/photos/falls1.jpg", "FAKE 800x600 frames=3")
    let report = site.build()
    #expect(!report.succeeded)
    #expect(
      TestSite.lines(report) == [
        "content/photos/falls1.jpg: error: image is 800×600 in 3 frames, over the limit of 1 megapixels (images.max_megapixels in site.yml)"
      ])
    let huge = ImageHeader(
      storedWidth: 1 << 31, storedHeight: 1 << 31, orientation: 1, hasAlpha: false, format: "gif", frames: 1 << 40)
    #expect(!huge.fits(maxPixels: Int.max))
  }

  @Test("a previewed folder leaves too large an animation out with a warning")
  func previewLimit() throws {
    let photos = try TestSite()
    try photos.write("small.gif", "FAKE 100x100 frames=10")
    try photos.write("huge.gif", "FAKE 1000x1000 frames=201")
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: photos.root)
    #expect(source.photos.map(\.relativePath) == ["small.gif"])
    let name = (photos.root as NSString).lastPathComponent
    #expect(
      source.diagnostics.map(\.description) == [
        "\(name)/huge.gif: warning: left out: image is 1000×1000 in 201 frames, over the limit of 200 megapixels (images.max_megapixels in site.yml)"
      ])
  }
}
