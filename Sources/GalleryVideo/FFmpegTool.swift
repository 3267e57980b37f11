import Foundation
import GalleryCore

/// The video edge over Debian's ffmpeg and ffprobe, run as subprocesses with
/// the argument arrays `VideoPlanner` wrote. Holds no rules of its own: it
/// finds the tools, runs them within their time limits and turns what they
/// say into `VideoError`s.
public struct FFmpegTool: VideoTool {
  let ffmpeg: String?
  let ffprobe: String?
  public let capabilities: VideoCapabilities

  /// Finds ffmpeg and ffprobe in `PATH` (then /usr/bin, /usr/local/bin) and
  /// asks ffmpeg which encoders and filters it has, unless `cacheHome` (the
  /// XDG cache folder) remembers the answer for these very tools.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment, cacheHome: String? = nil) {
    self.init(
      ffmpeg: ToolProcess.locate("ffmpeg", environment: environment),
      ffprobe: ToolProcess.locate("ffprobe", environment: environment),
      memo: CapabilityMemo(file: cacheHome.map { $0 + "/catgallery/ffmpeg-capabilities" }))
  }

  /// The tools at these paths; nil for one that is not installed.
  package init(ffmpeg: String?, ffprobe: String?, memo: CapabilityMemo = CapabilityMemo(file: nil)) {
    self.ffmpeg = ffmpeg
    self.ffprobe = ffprobe
    guard let ffmpeg, let ffprobe else {
      capabilities = .missing
      return
    }
    let key = CapabilityMemo.key(ffmpeg: ffmpeg, ffprobe: ffprobe)
    if let key, let known = memo.recall(key) {
      capabilities = known
      return
    }
    capabilities = Self.ask(ffmpeg)
    if let key { memo.remember(capabilities, for: key) }
  }

  /// Asks the ffmpeg at `ffmpeg` for its encoders and filters: two runs.
  static func ask(_ ffmpeg: String) -> VideoCapabilities {
    let list = { (what: String) -> String in
      let outcome = try? ToolProcess.run(ffmpeg, ["-hide_banner", "-loglevel", "error", what], timeout: 30)
      return String(decoding: outcome?.output ?? Data(), as: UTF8.self)
    }
    let has = { (listing: String, name: String) in
      listing.split(whereSeparator: \.isNewline).contains { $0.split(separator: " ").dropFirst().first == name[...] }
    }
    let filters = list("-filters")
    return VideoCapabilities(
      isAvailable: has(list("-encoders"), "libx264"),
      toneMapping: has(filters, "zscale") && has(filters, "tonemap"))
  }

  public func probe(_ path: String) throws(VideoError) -> VideoProbe {
    guard let ffprobe, capabilities.isAvailable else { throw VideoError.missing }
    // stat(2), which follows `/proc/…/fd/N` to the file held open, where
    // FileManager's attributes describe the link itself.
    var info = stat()
    guard stat(path, &info) == 0 else {
      let reason = OSReason.describe(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
      throw VideoError(.failed, "cannot read the file: \(reason)")
    }
    let size = Int(info.st_size)
    guard size > 0 else { throw VideoError(.unreadable, VideoInput.empty) }
    // Only the file itself, by a demuxer of a self-contained container: a
    // playlist or a list of files is refused before it opens what it names.
    let arguments =
      ["-hide_banner", "-loglevel", "error"] + VideoInput.probeOptions + [
        "-print_format", "json", "-show_format", "-show_streams", "file:" + path,
      ]
    let outcome = try ToolProcess.run(ffprobe, arguments, timeout: 30)
    if outcome.timedOut { throw VideoError(.timedOut, "ffprobe took longer than 30 s to read the file") }
    guard outcome.status == 0 else {
      if let demuxer = VideoInput.refusedDemuxer(in: outcome.errors) {
        throw VideoError(.unreadable, VideoInput.refusal(demuxer))
      }
      throw VideoError(.unreadable, FFmpegMessage.condense(outcome.errors, source: path, status: outcome.status))
    }
    return try FFprobeReport.parse(outcome.output, fileSize: size)
  }

  public func run(
    _ plan: VideoPlan, source: String, output: String, progress: @escaping @Sendable (Double) -> Void
  ) throws(VideoError) {
    guard let ffmpeg, capabilities.isAvailable else { throw VideoError.missing }
    let lines = ProgressLines(report: progress)
    let outcome = try ToolProcess.run(
      ffmpeg, plan.arguments(source: source, output: output), timeout: plan.timeout,
      onOutput: { lines.take($0) })
    try check(outcome, timeout: plan.timeout, source: source, output: output)
    guard let written = try? FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber,
      written.intValue > 0
    else {
      throw VideoError(.unreadable, "ffmpeg wrote nothing: the clip has no frame it could decode")
    }
  }

  public func poster(_ plan: PosterPlan, source: String, output: String) throws(VideoError) -> Double {
    guard let ffmpeg, capabilities.isAvailable else { throw VideoError.missing }
    var best: (time: Double, brightness: Double)?
    var last: Double?
    for time in plan.times {
      let sample = try frame(plan, at: time, ffmpeg: ffmpeg, source: source, output: output)
      guard sample.count == PosterPlan.sampleSide * PosterPlan.sampleSide else { continue }
      last = time
      if !PosterPlan.isNearBlack(sample) { return time }
      let brightness = PosterPlan.brightness(sample)
      if brightness > best?.brightness ?? -1 { best = (time, brightness) }
    }
    guard let best else {
      try? FileManager.default.removeItem(atPath: output)
      throw VideoError(.unreadable, "no frame to make a poster of")
    }
    // Every try was near black: the brightest of them, written again unless
    // it was the last one written.
    if best.time != last { _ = try frame(plan, at: best.time, ffmpeg: ffmpeg, source: source, output: output) }
    return best.time
  }

  /// Writes the frame at `time` to `output` and returns its grey sample; an
  /// empty sample when there is no frame there (a seek past the last one).
  private func frame(
    _ plan: PosterPlan, at time: Double, ffmpeg: String, source: String, output: String
  ) throws(VideoError) -> [UInt8] {
    let outcome = try ToolProcess.run(
      ffmpeg, plan.arguments(source: source, time: time, output: output), timeout: plan.timeout)
    try check(outcome, timeout: plan.timeout, source: source, output: output)
    return [UInt8](outcome.output)
  }

  /// Throws for a run that was killed or failed, removing what it left at `output`.
  private func check(_ outcome: ToolProcess.Outcome, timeout: Double, source: String, output: String) throws(VideoError)
  {
    guard outcome.timedOut || outcome.status != 0 else { return }
    try? FileManager.default.removeItem(atPath: output)
    if outcome.timedOut {
      throw VideoError(.timedOut, "ffmpeg was stopped after \(Int(timeout)) s, its time limit for this clip")
    }
    let message = FFmpegMessage.condense(outcome.errors, source: source, output: output, status: outcome.status)
    // A message about the output is the machine's (a full disk, a folder
    // that cannot be written); anything else is the clip's.
    let machine = message.contains("output") || message.contains("No space left")
    throw VideoError(machine ? .failed : .unreadable, message)
  }
}

/// ffmpeg's `-progress pipe:1` lines (`out_time_us=1234567`), split from the
/// pieces standard output arrives in, reported as seconds done.
final class ProgressLines: Sendable {
  private let report: @Sendable (Double) -> Void
  private let pending = Locked(Data())

  init(report: @escaping @Sendable (Double) -> Void) { self.report = report }

  func take(_ chunk: Data) {
    let lines = pending.withLock { buffer -> [Substring] in
      buffer.append(chunk)
      guard let end = buffer.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
      let complete = String(decoding: buffer[..<end], as: UTF8.self)
      buffer = Data(buffer[(end + 1)...])
      return complete.split(whereSeparator: \.isNewline)
    }
    for line in lines where line.hasPrefix("out_time_us=") {
      if let microseconds = Double(line.dropFirst("out_time_us=".count)), microseconds >= 0 {
        report(microseconds / 1_000_000)
      }
    }
  }
}
