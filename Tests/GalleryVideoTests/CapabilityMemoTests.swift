import Foundation
import GalleryCore
import Testing

@testable import GalleryVideo

/// Asking ffmpeg what it can do costs two processes; an unchanged site must
/// rebuild without starting any, so the answer is remembered per build of
/// the tools. Wrappers in a private PATH log every start.
@Suite("ffmpeg capabilities are remembered")
struct CapabilityMemoTests {
  @Test("the second tool asks nothing; a changed ffmpeg is asked again", .enabled(if: Clips.runs))
  func remembered() throws {
    let folder = try Self.wrappers()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = folder + "/starts"
    let environment = ["PATH": folder + "/bin"]
    let cache = folder + "/cache"
    let starts = { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count }

    let first = FFmpegTool(environment: environment, cacheHome: cache)
    #expect(first.isAvailable)
    #expect(starts() == 2)
    #expect(FileManager.default.fileExists(atPath: cache + "/catgallery/ffmpeg-capabilities"))

    let second = FFmpegTool(environment: environment, cacheHome: cache)
    #expect(second.capabilities == first.capabilities)
    #expect(starts() == 2)

    // A new ffmpeg (another size and time) may have other filters.
    let wrapper = folder + "/bin/ffmpeg"
    try (String(contentsOfFile: wrapper, encoding: .utf8) + "# upgraded\n").write(
      toFile: wrapper, atomically: false, encoding: .utf8)
    let third = FFmpegTool(environment: environment, cacheHome: cache)
    #expect(third.capabilities == first.capabilities)
    #expect(starts() == 4)
  }

  @Test("a garbled memo is asked again, not believed")
  func garbled() throws {
    let folder = try Self.wrappers()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let memo = CapabilityMemo(file: folder + "/memo")
    let key = "ffmpeg 1 2 | ffprobe 3 4"
    for text in ["", key, key + "\nlibx264 maybe\ntonemap yes\n", "other\nlibx264 yes\ntonemap yes\n"] {
      try text.write(toFile: folder + "/memo", atomically: true, encoding: .utf8)
      #expect(memo.recall(key) == nil, "\(text.debugDescription)")
    }
    memo.remember(VideoCapabilities(isAvailable: true, toneMapping: false), for: key)
    #expect(memo.recall(key) == VideoCapabilities(isAvailable: true, toneMapping: false))
  }

  /// A folder whose bin/ has ffmpeg and ffprobe wrappers that append a line
  /// to `starts` and run the real tools.
  static func wrappers() throws -> String {
    let folder = NSTemporaryDirectory() + "capability-memo-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
    for (name, real) in [("ffmpeg", Clips.ffmpeg), ("ffprobe", Clips.ffprobe)] {
      let script = "#!/bin/sh\necho \(name) >> '\(folder)/starts'\nexec '\(real ?? "/nonexistent")' \"$@\"\n"
      try script.write(toFile: folder + "/bin/" + name, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bin/" + name)
    }
    return folder
  }
}
