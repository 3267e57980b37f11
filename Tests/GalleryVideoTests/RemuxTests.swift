import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryVideo

/// Clips that already play in every browser: their streams are copied into a
/// new MP4, index first, with nothing of the phone's tags left.
@Suite("remuxed clips", .enabled(if: Clips.runs))
struct RemuxTests {
  /// An iPhone's tags, written as it writes them (QuickTime `mdta` keys).
  static let phoneTags = [
    "-metadata", "com.apple.quicktime.location.ISO6709=+48.8577+002.2950+035.000/",
    "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15",
    "-metadata", "creation_time=2024-05-01T10:00:00Z", "-metadata", "location=+48.8577+002.2950/",
    "-movflags", "use_metadata_tags",
  ]

  /// Probes, plans with the default settings and runs; returns the plan and the output.
  static func process(_ source: String, in folder: TestSite, settings: VideoSettings = VideoSettings()) throws -> (
    plan: VideoPlan, output: String
  ) {
    let tool = FFmpegTool()
    let plan = try VideoPlanner.plan(try tool.probe(source), settings: settings, capabilities: tool.capabilities)
    let output = folder.root + "/out-\(UUID().uuidString).mp4"
    try tool.run(plan, source: source, output: output, progress: { _ in })
    return (plan, output)
  }

  @Test("an H.264 clip with AAC from a phone is remuxed: the same video packets, moov before mdat, no tags")
  func remuxed() throws {
    let folder = try TestSite()
    // The index at the end, as a phone writes it while recording.
    let source = try Clips.make(
      "IMG_0001.MOV", in: folder,
      Clips.pattern(320, 240, seconds: 1) + Clips.tone(seconds: 1) + Clips.h264 + ["-c:a", "aac"] + Self.phoneTags)
    let sourceBoxes = try Clips.topLevelBoxes(source)
    #expect(try #require(sourceBoxes.firstIndex(of: "mdat")) < #require(sourceBoxes.firstIndex(of: "moov")))
    #expect(try Clips.tags(source).contains { $0.contains("iPhone 15") }, "the source carries the phone's tags")

    let (plan, output) = try Self.process(source, in: folder)
    #expect(plan.action == .remux)
    #expect(plan.arguments(source: source, output: output).contains("copy"))
    let video = try #require(try Clips.streams(output, "video").first)
    #expect(video["codec_name"] as? String == "h264")
    #expect(video["profile"] as? String == "High")
    #expect(video["pix_fmt"] as? String == "yuv420p")
    #expect(video["width"] as? Int == 320 && video["height"] as? Int == 240)
    #expect(try Clips.streams(output, "audio").first?["codec_name"] as? String == "aac")
    #expect(try Clips.packetHashes(output) == Clips.packetHashes(source), "the stream was copied, not encoded again")
    #expect(try Clips.packetHashes(output).count == 30)

    let boxes = try Clips.topLevelBoxes(output)
    #expect(try #require(boxes.firstIndex(of: "moov")) < #require(boxes.firstIndex(of: "mdat")), "\(boxes)")
    let tags = try Clips.tags(output)
    for word in ["apple", "iphone", "location", "creation_time", "48.8577"] {
      #expect(!tags.contains { $0.lowercased().contains(word) }, "\(word) in \(tags)")
    }
    let bytes = try String(decoding: Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    for text in ["iPhone", "com.apple", "48.8577"] {
      #expect(!bytes.contains(text), "no trace of \(text) anywhere in the file")
    }
  }

  @Test("a silent H.264 clip is remuxed and stays silent")
  func silent() throws {
    let folder = try TestSite()
    let source = try Clips.make("silent.mp4", in: folder, Clips.pattern(320, 240, seconds: 1) + Clips.h264)
    let (plan, output) = try Self.process(source, in: folder)
    #expect(plan.action == .remux)
    #expect(try Clips.streams(output, "audio").isEmpty)
    #expect(try Clips.streams(output, "video").count == 1)
    #expect(try Clips.packetHashes(output) == Clips.packetHashes(source))
  }

  @Test("remuxing the same clip twice gives the same bytes")
  func sameBytes() throws {
    let folder = try TestSite()
    let source = try Clips.make(
      "clip.mov", in: folder,
      Clips.pattern(320, 240, seconds: 1) + Clips.tone(seconds: 1) + Clips.h264 + ["-c:a", "aac"] + Self.phoneTags)
    let first = try Self.process(source, in: folder).output
    let second = try Self.process(source, in: folder).output
    #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
  }

  @Test("names that look like options or protocols stay file names: a leading dash, a colon, %d, #")
  func oddNames() throws {
    let folder = try TestSite()
    let made = try Clips.make("plain.mp4", in: folder, Clips.pattern(320, 240, seconds: 0.5) + Clips.h264)
    let source = folder.root + "/-i concat:x %d #1?.mp4"
    try FileManager.default.moveItem(atPath: made, toPath: source)
    let tool = FFmpegTool()
    let plan = try VideoPlanner.plan(try tool.probe(source), settings: VideoSettings(), capabilities: tool.capabilities)
    let output = folder.root + "/-out %d:1.mp4"
    try tool.run(plan, source: source, output: output, progress: { _ in })
    #expect(plan.action == .remux)
    #expect(try Clips.packetHashes(output) == Clips.packetHashes(source))
    let poster = folder.root + "/-poster %03d:1.png"
    _ = try tool.poster(
      try VideoPlanner.poster(try tool.probe(source), settings: VideoSettings(), capabilities: tool.capabilities),
      source: source, output: poster)
    #expect(FileManager.default.fileExists(atPath: poster))
  }
}
