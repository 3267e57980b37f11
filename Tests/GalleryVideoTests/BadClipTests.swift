import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryVideo

/// Files that are not clips ffmpeg can use: each is one error whose message
/// says why without an absolute path, and nothing is left at the output.
@Suite("bad clips", .enabled(if: Clips.runs))
struct BadClipTests {
  /// The error `body` throws, if a `VideoError`.
  static func error(_ body: () throws -> Void) -> VideoError? {
    do {
      try body()
      return nil
    } catch {
      return error as? VideoError
    }
  }

  @Test("a zero-byte .mov is unreadable: the file is empty")
  func empty() throws {
    let folder = try TestSite()
    let path = folder.root + "/empty.mov"
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let error = Self.error { _ = try FFmpegTool().probe(path) }
    #expect(error == VideoError(.unreadable, "the file is empty"))
  }

  @Test("a clip cut short before its index (a recording that never stopped) fails its probe")
  func cutBeforeIndex() throws {
    let folder = try TestSite()
    let whole = try Clips.make("whole.mov", in: folder, Clips.pattern(320, 240, seconds: 1) + Clips.h264)
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = folder.root + "/cut.mov"
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
    let error = try #require(Self.error { _ = try FFmpegTool().probe(path) })
    #expect(error.kind == .unreadable)
    #expect(error.message.hasPrefix("cut short or never finished: no moov atom"), "\(error.message)")
    #expect(!error.message.contains(folder.root))
  }

  @Test("a clip cut short after its index probes well but fails to process, leaving no output")
  func cutAfterIndex() throws {
    let folder = try TestSite()
    let whole = try Clips.make(
      "whole.mp4", in: folder,
      Clips.pattern(320, 240, seconds: 2) + [
        "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error",
      ]
        + ["-movflags", "+faststart"])
    let data = try Data(contentsOf: URL(fileURLWithPath: whole))
    let path = folder.root + "/cut.mp4"
    try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
    let tool = FFmpegTool()
    let plan = try VideoPlanner.plan(try tool.probe(path), settings: VideoSettings(), capabilities: tool.capabilities)
    let output = folder.root + "/out.mp4"
    let error = try #require(Self.error { try tool.run(plan, source: path, output: output, progress: { _ in }) })
    #expect(error.kind == .unreadable)
    #expect(error.message.contains("cut short") || error.message.contains("damaged"), "\(error.message)")
    #expect(!error.message.contains(folder.root))
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("a JPEG named .mp4 is not a video")
  func jpeg() throws {
    let folder = try TestSite()
    let picture = try Clips.make("picture.jpg", in: folder, Clips.pattern(64, 48, seconds: 1) + ["-frames:v", "1"])
    let path = folder.root + "/clip.mp4"
    try FileManager.default.moveItem(atPath: picture, toPath: path)
    // ffprobe takes only video containers: the image is refused at the probe.
    let error = Self.error { _ = try FFmpegTool().probe(path) }
    #expect(error == VideoError(.unreadable, "not a video: the file is a JPEG image"))
  }

  @Test("a run past its time limit is killed and leaves no output")
  func timeout() throws {
    let folder = try TestSite()
    // A pipe nobody writes to: ffmpeg waits on it forever, however fast the machine.
    let fifo = folder.root + "/stuck.mp4"
    #expect(mkfifo(fifo, 0o600) == 0)
    let probe = VideoProbe(
      container: "mov,mp4,m4a,3gp,3g2,mj2", fileSize: 1000, duration: 1,
      video: VideoStream(index: 0, codec: "hevc", width: 320, height: 240))
    var plan = try VideoPlanner.plan(probe, settings: VideoSettings(), capabilities: FFmpegTool().capabilities)
    plan.timeout = 1
    let output = folder.root + "/out.mp4"
    let error = try #require(
      Self.error { try FFmpegTool().run(plan, source: fifo, output: output, progress: { _ in }) })
    #expect(error.kind == .timedOut)
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
