import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryVideo

/// Files that ask ffmpeg to read something else: a playlist, a list of files,
/// a stream description or a URL saved under a video's name. Beside the
/// previewed folder lies `outside/secret.ts`, a real clip of a size no other
/// clip has (96×72): it must never be read, probed or published.
@Suite("files that point outside", .enabled(if: Clips.runs))
struct OutsideFileTests {
  /// A previewed folder `gallery/` with one real clip, and the secret beside it.
  final class Scene: Sendable {
    let site: TestSite
    var root: String { site.root }
    var gallery: String { site.root + "/gallery" }
    var secret: String { site.root + "/outside/secret.ts" }

    init() throws {
      site = try TestSite()
      try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
      try Clips.make("outside/secret.ts", in: site, Clips.pattern(96, 72, seconds: 1) + Clips.h264 + ["-f", "mpegts"])
      try Clips.make("gallery/walk.mp4", in: site, Clips.pattern(64, 48, seconds: 1) + Clips.h264)
      OutsideFileTests.markUnread(secret)
    }

    /// Writes `text` as `gallery/name`, `SECRET` standing for the secret's absolute path.
    func trick(_ name: String, _ text: String) throws -> String {
      let path = gallery + "/" + name
      let body = text.replacingOccurrences(of: "SECRET", with: secret)
      #expect(FileManager.default.createFile(atPath: path, contents: Data(body.utf8)))
      return path
    }
  }

  static func playlist(_ segment: String) -> String {
    "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n\(segment)\n#EXT-X-ENDLIST\n"
  }

  static let streamDescription =
    "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=clip\nc=IN IP4 127.0.0.1\nt=0 0\nm=video 5004 RTP/AVP 96\na=rtpmap:96 H264/90000\n"

  /// Each trick: its name in the folder, its text, and the start of the reason it is left out.
  static let tricks: [(name: String, text: String, reason: String)] = [
    ("relative.mp4", playlist("../outside/secret.ts"), "not a video file: a streaming playlist (hls)"),
    ("absolute.mov", playlist("SECRET"), "not a video file: a streaming playlist (hls)"),
    ("file-url.mkv", playlist("file:SECRET"), "not a video file: a streaming playlist (hls)"),
    ("data-url.webm", playlist("data:video/mp2t;base64,R0lG"), "not a video file: a streaming playlist (hls)"),
    ("loopback.m4v", playlist("http://127.0.0.1:9/secret.ts"), "not a video file: a streaming playlist (hls)"),
    ("no-extension", playlist("../outside/secret.ts"), "not a video file: a streaming playlist (hls)"),
    ("list.mp4", "ffconcat version 1.0\nfile ../outside/secret.ts\n", "not a video file: an ffmpeg list (concat)"),
    ("list-absolute.avi", "ffconcat version 1.0\nfile SECRET\n", "not a video file: an ffmpeg list (concat)"),
    ("stream.mp4", streamDescription, "not a video file: a stream description (sdp)"),
    ("urls.mp4", "file:SECRET\ndata:video/mp2t;base64,R0lG\nhttp://127.0.0.1:9/x.ts\n", "not a video ffmpeg can read"),
  ]

  @Test("ffprobe refuses each trick with a reason and never reads the secret", arguments: tricks)
  func probe(trick: (name: String, text: String, reason: String)) throws {
    let scene = try Scene()
    let path = try scene.trick(trick.name, trick.text)
    let before = try Self.accessed(scene.secret)
    // Probed as the Load stage probes: through the file held open, by a name without its extension.
    let opened = try OpenedFile(checked: path)
    let error = try #require(
      BadClipTests.error { _ = try FFmpegTool().probe(opened.sharedPath) }, "\(trick.name) was probed")
    #expect(error.kind == .unreadable)
    #expect(error.message.hasPrefix(trick.reason), "\(error.message)")
    #expect(!error.message.contains(scene.root), "\(error.message)")
    #expect(try Self.accessed(scene.secret) == before, "the secret was opened")
  }

  @Test("an image sequence pattern is refused, not expanded into the files it names")
  func imagePattern() throws {
    let scene = try Scene()
    try Clips.make("gallery/frame001.png", in: scene.site, Clips.pattern(96, 72, seconds: 1) + ["-frames:v", "1"])
    let path = try scene.trick("frame%03d.png", "")
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: scene.gallery + "/frame001.png", toPath: path)
    #expect(throws: VideoError.self) { _ = try FFmpegTool().probe(path) }
  }

  @Test("ffmpeg reads a clip only with the demuxer its probe found: one swapped for a playlist fails")
  func swappedAfterProbe() throws {
    let scene = try Scene()
    let path = scene.gallery + "/walk.mp4"
    let tool = FFmpegTool()
    let probe = try tool.probe(path)
    let plan = try VideoPlanner.plan(probe, settings: VideoSettings(), capabilities: tool.capabilities)
    let arguments = plan.arguments(source: path, output: scene.root + "/out.mp4")
    let input = try #require(arguments.firstIndex(of: "-i"))
    #expect(Array(arguments[..<input].suffix(6)) == VideoInput.options(demuxer: "mov"))
    try FileManager.default.removeItem(atPath: path)
    _ = try scene.trick("walk.mp4", Self.playlist("../outside/secret.ts"))
    #expect(throws: VideoError.self) {
      try tool.run(plan, source: path, output: scene.root + "/out.mp4", progress: { _ in })
    }
    #expect(!FileManager.default.fileExists(atPath: scene.root + "/out.mp4"))
  }

  @Test("a previewed folder of tricks publishes only its real clip and names every trick with its reason")
  func preview() throws {
    let scene = try Scene()
    for trick in Self.tricks { _ = try scene.trick(trick.name, trick.text) }
    let preview = try PreviewRun.build(scene.gallery)
    let lines = preview.lines
    #expect(preview.succeeded, "\(lines)")
    for trick in Self.tricks {
      let line = lines.first { $0.hasPrefix("gallery/\(trick.name): warning: left out: ") }
      #expect(line?.contains(trick.reason) == true, "\(trick.name): \(lines)")
    }
    let clips = preview.published.filter { $0.hasSuffix(".mp4") }
    #expect(clips.count == 1 && clips.first?.hasPrefix("walk-64x48.") == true, "\(clips)")
    let published = try FileManager.default.subpathsOfDirectory(atPath: preview.workspace.root + "/out")
    #expect(!published.contains { $0.contains("96x72") || $0.contains("secret") }, "\(published)")
  }

  /// When the file was last read (its access time, to the nanosecond). Under
  /// `relatime` (the default mount option) a read updates the access time only
  /// when it is older than the modification time: `markUnread` sets it so.
  static func accessed(_ path: String) throws -> Date? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Date(
      timeIntervalSince1970: Double(info.st_atim.tv_sec) + Double(info.st_atim.tv_nsec) / 1_000_000_000)
  }

  /// Sets `path`'s access time to 2001, before its modification time, so the
  /// next read of it moves the access time even under `relatime`.
  static func markUnread(_ path: String) {
    // The modification time stays as it is: UTIME_OMIT, a macro Swift does not import.
    let omit = (1 << 30) - 2
    let times = [timespec(tv_sec: 978_307_200, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: omit)]
    #expect(utimensat(AT_FDCWD, path, times, 0) == 0)
  }
}
