import GalleryCore
import Testing

@testable import GalleryVideo

/// Without ffmpeg, nothing runs and every call says which package to install.
@Suite("without ffmpeg")
struct MissingToolTests {
  @Test("a tool with no ffmpeg is unavailable and every call throws the one warning naming the package")
  func missing() {
    let tool = FFmpegTool(ffmpeg: nil, ffprobe: "/usr/bin/ffprobe")
    #expect(!tool.isAvailable)
    #expect(tool.capabilities == .missing)
    #expect(throws: VideoError.missing) { try tool.probe("/nowhere.mp4") }
    #expect(VideoError.missing.message.contains("Debian package ffmpeg"))
  }

  @Test("no ffmpeg in PATH nor in /usr/bin or /usr/local/bin: unavailable", .enabled(if: Clips.ffmpeg == nil))
  func notInstalled() {
    #expect(!FFmpegTool(environment: ["PATH": "/nowhere"]).isAvailable)
  }
}
