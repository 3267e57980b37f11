import Foundation

@testable import GalleryCore

/// A video tool that needs no ffmpeg, for in-memory sites: a "clip" is the
/// text `FAKE VIDEO WxH Ns [codec=hevc] [pix=yuv420p10le] [rotate=90]
/// [transfer=smpte2084] [audio=aac|none] [bytes=N] [undecodable]` (H.264
/// yuv420p High with AAC unless it says otherwise). A run writes
/// `FAKE MP4 WxH action` and a poster `FAKE WxH`, a photo `FakeCodec`
/// reads, so the poster goes on through the image pipeline. Every run is
/// counted, for tests that a rebuild processes nothing.
package final class FakeVideoTool: VideoTool {
  package let fileSystem: FileSystem
  package let capabilities: VideoCapabilities
  /// The source of every `run` and `poster`, in order: the file's own path
  /// where the source names a file held open (`/proc/<pid>/fd/N`).
  package let runs = Locked<[String]>([])

  package init(
    fileSystem: FileSystem = LocalFileSystem(),
    capabilities: VideoCapabilities = VideoCapabilities(isAvailable: true, toneMapping: true)
  ) {
    self.fileSystem = fileSystem
    self.capabilities = capabilities
  }

  package func probe(_ path: String) throws(VideoError) -> VideoProbe {
    guard capabilities.isAvailable else { throw VideoError.missing }
    guard let data = try? fileSystem.contents(of: path) else { throw VideoError(.failed, "cannot read the file") }
    guard !data.isEmpty else { throw VideoError(.unreadable, "the file is empty") }
    let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map(String.init)
    guard words.count >= 4, words[0] == "FAKE", words[1] == "VIDEO" else {
      throw VideoError(.unreadable, "not a video ffmpeg can read")
    }
    let size = words[2].split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, let seconds = Double(words[3].dropLast()) else {
      throw VideoError(.unreadable, "cut short or never finished: no moov atom")
    }
    let option = { (name: String) in
      words.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
    let video = VideoStream(
      index: 0, codec: option("codec") ?? "h264", profile: option("profile") ?? "High",
      pixelFormat: option("pix") ?? "yuv420p", width: size[0], height: size[1],
      rotation: option("rotate").flatMap { Int($0) } ?? 0, colorTransfer: option("transfer"),
      averageFrameRate: VideoRatio(30, 1), baseFrameRate: VideoRatio(30, 1), bitRate: 4_000_000)
    let audioCodec = option("audio") ?? "aac"
    let audio = audioCodec == "none" ? nil : AudioStream(index: 1, codec: audioCodec, channels: 2, sampleRate: 48_000)
    return VideoProbe(
      container: "mov,mp4,m4a,3gp,3g2,mj2", fileSize: option("bytes").flatMap { Int($0) } ?? data.count,
      duration: seconds, video: video, audio: audio)
  }

  package func run(
    _ plan: VideoPlan, source: String, output: String, progress: @escaping @Sendable (Double) -> Void
  ) throws(VideoError) {
    runs.withLock { $0.append(Self.named(source)) }
    try failIfUndecodable(source)
    if let duration = plan.duration { progress(duration) }
    try write("FAKE MP4 \(plan.width)x\(plan.height) \(plan.action.rawValue)", to: output)
  }

  package func poster(_ plan: PosterPlan, source: String, output: String) throws(VideoError) -> Double {
    runs.withLock { $0.append(Self.named(source)) }
    try failIfUndecodable(source)
    try write("FAKE \(plan.width)x\(plan.height)", to: output)
    return plan.times.first ?? 0
  }

  /// The path `source` leads to when it names a file held open, else `source`.
  private static func named(_ source: String) -> String {
    guard source.hasPrefix("/proc/") else { return source }
    return (try? FileManager.default.destinationOfSymbolicLink(atPath: source)) ?? source
  }

  private func failIfUndecodable(_ source: String) throws(VideoError) {
    let text = (try? fileSystem.contents(of: source)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    if text.contains("undecodable") { throw VideoError(.unreadable, "cut short: the data ends early") }
  }

  private func write(_ text: String, to output: String) throws(VideoError) {
    do {
      try fileSystem.replace(output, with: Data(text.utf8), durable: false)
    } catch {
      throw VideoError(.failed, "cannot write the output: \(error)")
    }
  }
}
