import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryVideo

/// Clips a browser may not play, or not upright, or too large: encoded again
/// as H.264 High 8-bit 4:2:0 with AAC, and checked with ffprobe and by their pixels.
@Suite("transcoded clips", .enabled(if: Clips.runs))
struct TranscodeTests {
  /// ffprobe's view of the output's picture stream.
  static func video(_ path: String) throws -> [String: Any] {
    try #require(try Clips.streams(path, "video").first)
  }

  /// An H.264 clip copied into a new file whose display matrix turns it:
  /// ffmpeg 5.1 writes the matrix from a `rotate` tag when copying to MP4.
  static func turned(_ rotate: Int, in folder: TestSite) throws -> (plain: String, turned: String) {
    let plain = try Clips.make(
      "plain-\(rotate).mp4", in: folder,
      Clips.pattern(320, 240, seconds: 1) + Clips.tone(seconds: 1) + Clips.h264 + ["-c:a", "aac"])
    let turned = try Clips.make(
      "turned-\(rotate).mp4", in: folder, ["-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)"])
    return (plain, turned)
  }

  @Test(
    "a clip turned by its display matrix comes out upright, its sides swapped, with no matrix left",
    arguments: [(90, "transpose=cclock"), (270, "transpose=clock")])
  func turned(rotate: Int, upright: String) throws {
    let folder = try TestSite()
    let (plain, source) = try Self.turned(rotate, in: folder)
    let sideData = try Self.video(source)["side_data_list"] as? [[String: Any]] ?? []
    #expect(sideData.contains { $0["side_data_type"] as? String == "Display Matrix" }, "the source has a matrix")
    let probe = try FFmpegTool().probe(source)
    #expect(probe.video?.isSideways == true)
    #expect(probe.video?.displayWidth == 240 && probe.video?.displayHeight == 320)

    let (plan, output) = try RemuxTests.process(source, in: folder)
    #expect(plan.action == .transcode)
    let video = try Self.video(output)
    #expect(video["width"] as? Int == 240 && video["height"] as? Int == 320)
    #expect(video["side_data_list"] == nil, "no display matrix: every player shows the pixels as they are")
    #expect(video["profile"] as? String == "High")
    #expect(video["pix_fmt"] as? String == "yuv420p")
    // The stored pixels are the unturned source turned the way its matrix says, not the other way.
    let made = try Clips.frame(output, width: 60, height: 80)
    let right = try Clips.frame(plain, width: 60, height: 80, filter: upright)
    let wrong = try Clips.frame(
      plain, width: 60, height: 80, filter: upright == "transpose=clock" ? "transpose=cclock" : "transpose=clock")
    #expect(Clips.difference(made, right) < 6, "\(Clips.difference(made, right))")
    #expect(Clips.difference(made, wrong) > 20, "\(Clips.difference(made, wrong))")
  }

  @Test("a 4K clip is scaled down to 1080 pixels on its short side, High profile, 8-bit 4:2:0")
  func fourK() throws {
    let folder = try TestSite()
    let source = try Clips.make(
      "4k.mp4", in: folder, Clips.pattern(3840, 2160, seconds: 0.5) + Clips.h264 + ["-preset", "ultrafast"])
    let (plan, output) = try RemuxTests.process(source, in: folder)
    #expect(plan.action == .transcode)
    #expect(plan.reason?.contains("max_height") == true)
    let video = try Self.video(output)
    #expect(video["width"] as? Int == 1920 && video["height"] as? Int == 1080)
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["profile"] as? String == "High")
    #expect(video["pix_fmt"] as? String == "yuv420p")
    let boxes = try Clips.topLevelBoxes(output)
    #expect(try #require(boxes.firstIndex(of: "moov")) < #require(boxes.firstIndex(of: "mdat")))
  }

  @Test(
    "10-bit HEVC HDR (PQ and HLG) is tone-mapped to 8-bit BT.709 that keeps its colour",
    arguments: ["smpte2084", "arib-std-b67"])
  func hdr(transfer: String) throws {
    let folder = try TestSite()
    // SDR testsrc2 coded as HDR with diffuse white at 203 nits (BT.2408), as a
    // phone codes a scene: tone mapping should give back about the original.
    let toHDR = "zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=\(transfer):p=bt2020:m=bt2020nc:r=tv:npl=203"
    let source = try Clips.make(
      "hdr.mov", in: folder,
      Clips.pattern(640, 360, seconds: 1) + Clips.tone(seconds: 1) + [
        "-vf", toHDR + ",format=yuv420p10le", "-c:v", "libx265", "-preset", "ultrafast", "-x265-params",
        "log-level=error:colorprim=bt2020:transfer=\(transfer):colormatrix=bt2020nc", "-tag:v", "hvc1",
        "-c:a", "pcm_s16le",
      ])
    let probe = try FFmpegTool().probe(source)
    #expect(probe.video?.isHDR == true)
    #expect(probe.video?.bitDepth == 10)
    #expect(try Clips.streams(source, "video").first?["color_transfer"] as? String == transfer)

    let (plan, output) = try RemuxTests.process(source, in: folder)
    #expect(plan.toneMapped)
    let video = try Self.video(output)
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["profile"] as? String == "High")
    #expect(video["pix_fmt"] as? String == "yuv420p")
    #expect(video["color_transfer"] as? String == "bt709")
    #expect(video["color_primaries"] as? String == "bt709")
    #expect(video["color_space"] as? String == "bt709")
    #expect(try Clips.streams(output, "audio").first?["codec_name"] as? String == "aac")

    let original = Clips.lumaAndSaturation(
      try Clips.frame(input: Clips.pattern(640, 360, seconds: 1), width: 160, height: 90, pixelFormat: "yuv444p"))
    let mapped = Clips.lumaAndSaturation(try Clips.frame(output, width: 160, height: 90, pixelFormat: "yuv444p"))
    // Shown as BT.709 without tone mapping, PQ kept 22% of the colour and HLG 39%.
    #expect(mapped.saturation > 0.75 * original.saturation, "\(mapped) against \(original)")
    #expect(abs(mapped.luma - original.luma) < 0.1 * original.luma, "\(mapped) against \(original)")
  }

  @Test("a phone's variable frame rate is kept: no frame repeated to make a constant rate")
  func variableFrameRate() throws {
    let folder = try TestSite()
    // 30 fps for a second, then 10 fps: 40 frames, in a phone's 1/600 time base, in HEVC.
    let source = try Clips.make(
      "vfr.mov", in: folder,
      Clips.pattern(320, 240, seconds: 2) + Clips.tone(seconds: 2) + [
        "-vf", "select='lt(n\\,30)+not(mod(n\\,3))'", "-fps_mode", "vfr", "-video_track_timescale", "600",
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-c:a", "aac",
      ])
    let probe = try FFmpegTool().probe(source)
    #expect(probe.video?.isVariableFrameRate == true)
    let (plan, output) = try RemuxTests.process(source, in: folder)
    #expect(plan.action == .transcode)
    let made = try Self.video(output)
    let original = try Self.video(source)
    #expect(made["nb_frames"] as? String == "40")
    #expect(made["nb_frames"] as? String == original["nb_frames"] as? String)
    #expect(made["avg_frame_rate"] as? String == original["avg_frame_rate"] as? String)
  }

  @Test("transcoding the same clip twice gives the same bytes")
  func sameBytes() throws {
    let folder = try TestSite()
    let (_, source) = try Self.turned(90, in: folder)
    let first = try RemuxTests.process(source, in: folder)
    let second = try RemuxTests.process(source, in: folder)
    #expect(first.plan.action == .transcode)
    #expect(FileManager.default.contents(atPath: first.output) == FileManager.default.contents(atPath: second.output))
  }

  @Test("progress is reported as seconds of the clip done, up to its length")
  func progress() throws {
    let folder = try TestSite()
    let source = try Clips.make(
      "hevc.mp4", in: folder,
      Clips.pattern(320, 240, seconds: 2) + [
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
      ])
    let tool = FFmpegTool()
    let plan = try VideoPlanner.plan(try tool.probe(source), settings: VideoSettings(), capabilities: tool.capabilities)
    let reports = Locked<[Double]>([])
    try tool.run(plan, source: source, output: folder.root + "/out.mp4") { seconds in
      reports.withLock { $0.append(seconds) }
    }
    let seen = reports.current
    #expect(!seen.isEmpty)
    #expect(seen == seen.sorted())
    #expect(abs((seen.last ?? 0) - 2) < 0.1, "\(seen)")
  }
}
