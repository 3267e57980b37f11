import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryVideo

/// A folder of real clips previewed end to end with ffmpeg and libvips: what
/// a phone's camera folder gives, as a browser will get it.
@Suite("previewed clips", .enabled(if: Clips.runs))
struct PreviewClipTests {
  @Test("a portrait HEVC clip and an H.264 clip preview as upright H.264 MP4s with posters of their size, made once")
  func preview() throws {
    let folder = try TestSite()
    try FileManager.default.removeItem(atPath: folder.root + "/content")
    // A phone's portrait clip: landscape frames and a display matrix, which
    // ffmpeg 5.1 writes from a `rotate` tag when it copies into MP4 or MOV.
    let scratch = try TestSite()
    let plain = try Clips.make(
      "plain.mov", in: scratch,
      Clips.pattern(320, 240, seconds: 1) + Clips.tone(seconds: 1)
        + [
          "-c:v", "libx265", "-pix_fmt", "yuv420p", "-tag:v", "hvc1", "-x265-params", "log-level=error", "-c:a", "aac",
        ])
    try Clips.make("IMG_0002.MOV", in: folder, ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
    try Clips.make("walk.mp4", in: folder, Clips.pattern(320, 240, seconds: 1) + Clips.h264)
    let workspace = try TestSite()
    let tools = try PreviewRun.Tools(workspace: workspace)
    let codec = tools.codec
    func build() -> BuildReport { tools.build(folder.root) }
    let report = build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let images = workspace.root + "/out/images/"
    let files = try FileManager.default.contentsOfDirectory(atPath: images)
    let portrait = try #require(files.first { $0.hasPrefix("img-0002-240x320.") && $0.hasSuffix(".mp4") }, "\(files)")
    let landscape = try #require(files.first { $0.hasPrefix("walk-320x240.") && $0.hasSuffix(".mp4") }, "\(files)")
    for (name, size) in [(portrait, (240, 320)), (landscape, (320, 240))] {
      let video = try #require(try Clips.streams(images + name, "video").first)
      #expect(video["codec_name"] as? String == "h264", "\(name)")
      #expect(video["pix_fmt"] as? String == "yuv420p", "\(name)")
      #expect(video["width"] as? Int == size.0 && video["height"] as? Int == size.1, "\(name): \(video)")
      #expect(video["side_data_list"] == nil, "\(name) is upright without a display matrix")
    }
    // The poster's largest copy has the upright clip's size.
    let poster = try #require(files.first { $0.hasPrefix("img-0002-240x320.") && $0.hasSuffix(".webp") }, "\(files)")
    let header = try codec.header(of: images + poster)
    #expect(header.storedWidth == 240 && header.storedHeight == 320)
    let made = try FileManager.default.contentsOfDirectory(atPath: workspace.root + "/.cache/catgallery/derivatives")
      .filter { $0.hasSuffix(".mp4") }.map { name in
        try FileManager.default.attributesOfItem(atPath: workspace.root + "/.cache/catgallery/derivatives/" + name)[
          .modificationDate] as? Date
      }
    let again = build()
    #expect(again.succeeded, "\(TestSite.lines(again))")
    let remade = try FileManager.default.contentsOfDirectory(atPath: workspace.root + "/.cache/catgallery/derivatives")
      .filter { $0.hasSuffix(".mp4") }.map { name in
        try FileManager.default.attributesOfItem(atPath: workspace.root + "/.cache/catgallery/derivatives/" + name)[
          .modificationDate] as? Date
      }
    #expect(made.count == 2 && made == remade, "a rebuild re-encodes nothing")
  }
}
