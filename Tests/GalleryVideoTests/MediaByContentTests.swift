import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryVideo

/// Media that a folder holds under names catgallery once passed over in
/// silence: clips in every container ffmpeg reads, photos and clips with no
/// extension or the wrong one, JPEG XL. Each is shown, or named once with
/// the reason it is not.
@Suite("media known by content", .enabled(if: Clips.runs))
struct MediaByContentTests {
  /// A clip in each container a camera, a phone or an editor writes, made by
  /// ffmpeg with that container's usual picture codec.
  static let containers: [(name: String, options: [String])] = [
    ("theora.ogv", ["-c:v", "libtheora"]),
    ("vp8.webm", ["-c:v", "libvpx"]),
    ("matroska.mkv", Clips.h264),
    ("phone.3gp", ["-c:v", "h263", "-s", "176x144"]),
    ("itunes.m4v", Clips.h264),
    // A key frame every half second, as a camcorder writes: ffmpeg cannot
    // seek a transport stream back to a clip's only key frame at its start.
    ("camcorder.mts", Clips.h264 + ["-g", "12", "-f", "mpegts"]),
    ("dvd.mpg", ["-c:v", "mpeg2video"]),
  ]

  /// A folder `gallery` in a new test site.
  static func gallery() throws -> (TestSite, String) {
    let site = try TestSite()
    try FileManager.default.createDirectory(atPath: site.root + "/gallery", withIntermediateDirectories: true)
    return (site, site.root + "/gallery")
  }

  @Test("a clip in any container ffmpeg reads becomes an H.264 MP4", arguments: containers)
  func container(clip: (name: String, options: [String])) throws {
    let (site, _) = try Self.gallery()
    try Clips.make("gallery/" + clip.name, in: site, Clips.pattern(128, 96, seconds: 2, rate: 25) + clip.options)
    let preview = try PreviewRun.build(site.root + "/gallery")
    #expect(preview.succeeded && preview.lines.isEmpty, "\(preview.lines)")
    let slug = Path.stem(of: clip.name)
    let made = try #require(preview.files(slug, "mp4").first, "\(preview.published)")
    let video = try #require(try Clips.streams(preview.images + made, "video").first)
    #expect(video["codec_name"] as? String == "h264", "\(made): \(video)")
    #expect(try Clips.probe(preview.images + made)["format"].map { "\($0)" }?.contains("mov,mp4") == true)
  }

  @Test("photos and clips with no extension or the wrong one are shown by content; other bare files pass quietly")
  func byContent() throws {
    let (site, gallery) = try Self.gallery()
    let still = Clips.pattern(96, 64, seconds: 1) + ["-frames:v", "1"]
    try Clips.make("gallery/photo.jpg", in: site, still)
    try FileManager.default.moveItem(atPath: gallery + "/photo.jpg", toPath: gallery + "/IMG_0001")
    try Clips.make("gallery/renamed.jpg", in: site, still)
    try FileManager.default.moveItem(atPath: gallery + "/renamed.jpg", toPath: gallery + "/renamed.png")
    // No tool here writes a real MPO (two JPEGs and an MPF index): a JPEG
    // under the name checks that the name is taken, as libvips reads the first.
    try Clips.make("gallery/stereo.jpg", in: site, still)
    try FileManager.default.moveItem(atPath: gallery + "/stereo.jpg", toPath: gallery + "/stereo.mpo")
    try Clips.make("gallery/clip.mp4", in: site, Clips.pattern(128, 96, seconds: 1, rate: 10) + Clips.h264)
    try FileManager.default.moveItem(atPath: gallery + "/clip.mp4", toPath: gallery + "/MVI_0002")
    try site.write("gallery/README", "Photos from the trip.\n")
    try site.write("gallery/Makefile", "all:\n\ttrue\n")
    try MadeImages.bitmap(at: gallery + "/SCAN_0003")
    let preview = try PreviewRun.build(gallery)
    #expect(preview.succeeded, "\(preview.lines)")
    #expect(preview.files("img-0001", "webp").count > 0, "\(preview.published)")
    #expect(preview.files("renamed", "webp").count > 0, "\(preview.published)")
    #expect(preview.files("mvi-0002", "mp4").count == 1, "\(preview.published)")
    #expect(preview.files("stereo", "webp").count > 0, "\(preview.published)")
    #expect(
      preview.about("renamed.png") == [
        "gallery/renamed.png: warning: the file is a JPEG image although its name ends in .png"
      ])
    // A format catgallery refuses is named, with no extension as with one.
    #expect(
      preview.about("SCAN_0003") == [
        "gallery/SCAN_0003: warning: left out: \(ImageFormat.unsupported("BMP"))"
      ], "\(preview.lines)")
    for quiet in ["IMG_0001", "MVI_0002", "README", "Makefile", "stereo.mpo"] {
      #expect(preview.about(quiet).isEmpty, "\(preview.lines)")
    }
  }

  @Test("a JPEG XL photo is shown: this libvips reads it")
  func jpegXL() throws {
    let (site, gallery) = try Self.gallery()
    try Clips.make("gallery/source.png", in: site, Clips.pattern(96, 64, seconds: 1) + ["-frames:v", "1"])
    try Clips.tool(Clips.locate("vips"), ["copy", gallery + "/source.png", gallery + "/modern.jxl"])
    try FileManager.default.removeItem(atPath: gallery + "/source.png")
    let preview = try PreviewRun.build(gallery)
    #expect(preview.succeeded && preview.lines.isEmpty, "\(preview.lines)")
    let large = try #require(preview.published.first { $0.hasPrefix("modern-96x64.") }, "\(preview.published)")
    let header = try VipsCodec(fileSystem: LocalFileSystem()).header(of: preview.images + large)
    #expect(header.storedWidth == 96 && header.storedHeight == 64)
  }

  @Test("a left-out clip is named once, and its text file is not called one that names no photo")
  func leftOutClipText() throws {
    let (site, gallery) = try Self.gallery()
    try site.write("gallery/broken.ogv", "not a clip at all\n")
    try site.write("gallery/broken.md", "The clip that broke.\n")
    try site.write("gallery/broken.dng.md", "A raw file's text.\n")
    try site.write("gallery/broken.dng", "raw\n")
    let preview = try PreviewRun.build(gallery)
    #expect(preview.about("broken.ogv").count == 1, "\(preview.lines)")
    #expect(preview.about("broken.ogv").first?.contains("warning: left out: ") == true, "\(preview.lines)")
    #expect(preview.about("broken.md").isEmpty, "\(preview.lines)")
    #expect(preview.about("broken.dng.md").isEmpty, "\(preview.lines)")
  }
}
