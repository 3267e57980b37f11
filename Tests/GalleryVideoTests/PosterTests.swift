import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryVideo

/// Posters: a PNG of a frame about 10% in, at the video's size and upright,
/// never a black frame when the clip has anything else to show.
@Suite("posters", .enabled(if: Clips.runs))
struct PosterTests {
  static func poster(_ source: String, in folder: TestSite) throws -> (plan: PosterPlan, time: Double, path: String) {
    let tool = FFmpegTool()
    let plan = try VideoPlanner.poster(
      try tool.probe(source), settings: VideoSettings(), capabilities: tool.capabilities)
    let path = folder.root + "/poster-\(UUID().uuidString).png"
    let time = try tool.poster(plan, source: source, output: path)
    return (plan, time, path)
  }

  @Test("a clip that opens on black gets its poster from the first frame that is not")
  func blackOpening() throws {
    let folder = try TestSite()
    // One second of black, then one of the test pattern: 10%, 25% and 40% in are black.
    let source = try Clips.make(
      "fade.mp4", in: folder,
      ["-f", "lavfi", "-i", "color=black:size=320x240:rate=30:duration=1"] + Clips.pattern(320, 240, seconds: 1) + [
        "-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0",
      ] + Clips.h264)
    let (plan, time, path) = try Self.poster(source, in: folder)
    #expect(plan.times.prefix(3).allSatisfy { $0 < 1 }, "the first tries fall in the black: \(plan.times)")
    #expect(time >= 1, "\(time)")
    let png = try #require(try Clips.streams(path, "video").first)
    #expect(png["codec_name"] as? String == "png")
    #expect(png["width"] as? Int == 320 && png["height"] as? Int == 240)
    let grey = try Clips.frame(path, width: 32, height: 32)
    #expect(!PosterPlan.isNearBlack(grey))
    // The premise: the frame at 10% in is black.
    #expect(PosterPlan.isNearBlack(try Clips.frame(source, at: plan.times[0], width: 32, height: 32)))
  }

  @Test("a clip that is black all through still gets a poster, the brightest of the tries")
  func allBlack() throws {
    let folder = try TestSite()
    let source = try Clips.make(
      "night.mp4", in: folder, ["-f", "lavfi", "-i", "color=0x080808:size=160x120:rate=30:duration=1"] + Clips.h264)
    let (plan, time, path) = try Self.poster(source, in: folder)
    #expect(plan.times.contains(time))
    #expect(try Clips.streams(path, "video").first?["width"] as? Int == 160)
  }

  @Test("a portrait phone clip's poster is upright, at the video's size")
  func portrait() throws {
    let folder = try TestSite()
    let (plain, source) = try TranscodeTests.turned(270, in: folder)
    let (plan, time, path) = try Self.poster(source, in: folder)
    #expect(abs(time - 0.1) < 0.001, "10% of a second")
    #expect(plan.width == 240 && plan.height == 320)
    let png = try #require(try Clips.streams(path, "video").first)
    #expect(png["width"] as? Int == 240 && png["height"] as? Int == 320)
    let made = try Clips.frame(path, width: 60, height: 80)
    let right = try Clips.frame(plain, at: time, width: 60, height: 80, filter: "transpose=clock")
    #expect(Clips.difference(made, right) < 6, "\(Clips.difference(made, right))")
  }

  @Test("the same clip's poster is the same bytes twice")
  func sameBytes() throws {
    let folder = try TestSite()
    let source = try Clips.make("clip.mp4", in: folder, Clips.pattern(320, 240, seconds: 1) + Clips.h264)
    let first = try Self.poster(source, in: folder).path
    let second = try Self.poster(source, in: folder).path
    #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
  }
}
