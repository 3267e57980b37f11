import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// The fake video tool the in-memory site tests will use: its text clips go
/// through the real planner, and its posters through the fake image codec.
@Suite("Fake video tool")
struct FakeVideoToolTests {
  @Test("a text clip probes, plans and runs; its poster is a photo FakeCodec reads; every run is counted")
  func roundTrip() throws {
    let files = MemoryFileSystem()
    try files.createFolder("/site")
    try files.replace(
      "/site/clip.mov", with: Data("FAKE VIDEO 3840x2160 12s codec=hevc rotate=90".utf8), durable: false)
    let tool = FakeVideoTool(fileSystem: files)
    let probe = try tool.probe("/site/clip.mov")
    #expect(probe.duration == 12)
    #expect(probe.video?.displayWidth == 2160 && probe.video?.displayHeight == 3840)
    let plan = try VideoPlanner.plan(probe, settings: VideoSettings(), capabilities: tool.capabilities)
    #expect(plan.action == .transcode)
    let done = Locked<[Double]>([])
    try tool.run(plan, source: "/site/clip.mov", output: "/site/clip.mp4") { seconds in
      done.withLock { $0.append(seconds) }
    }
    #expect(String(decoding: try files.contents(of: "/site/clip.mp4"), as: UTF8.self) == "FAKE MP4 1080x1920 transcode")
    #expect(done.current == [12])
    let poster = try VideoPlanner.poster(probe, settings: VideoSettings(), capabilities: tool.capabilities)
    #expect(try tool.poster(poster, source: "/site/clip.mov", output: "/site/clip.png") == 1.2)
    let header = try FakeCodec(fileSystem: files).header(of: "/site/clip.png")
    #expect(header.storedWidth == 1080 && header.storedHeight == 1920)
    #expect(tool.runs.current == ["/site/clip.mov", "/site/clip.mov"])
  }

  @Test("bad clips fail as the real tool's do: empty, not a clip, undecodable, no ffmpeg")
  func failures() throws {
    let files = MemoryFileSystem()
    try files.createFolder("/site")
    try files.replace("/site/empty.mov", with: Data(), durable: false)
    try files.replace("/site/photo.mp4", with: Data("FAKE 800x600".utf8), durable: false)
    try files.replace("/site/cut.mp4", with: Data("FAKE VIDEO 640x360 2s undecodable".utf8), durable: false)
    let tool = FakeVideoTool(fileSystem: files)
    #expect(throws: VideoError(.unreadable, "the file is empty")) { try tool.probe("/site/empty.mov") }
    #expect(throws: VideoError(.unreadable, "not a video ffmpeg can read")) { try tool.probe("/site/photo.mp4") }
    let plan = try VideoPlanner.plan(
      try tool.probe("/site/cut.mp4"), settings: VideoSettings(), capabilities: tool.capabilities)
    #expect(throws: VideoError(.unreadable, "cut short: the data ends early")) {
      try tool.run(plan, source: "/site/cut.mp4", output: "/site/cut-out.mp4", progress: { _ in })
    }
    #expect(!files.exists("/site/cut-out.mp4"))
    let missing = FakeVideoTool(fileSystem: files, capabilities: .missing)
    #expect(!missing.isAvailable)
    #expect(throws: VideoError.missing) { try missing.probe("/site/cut.mp4") }
  }
}
