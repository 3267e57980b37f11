/// Decides, from a clip's probe and the settings alone, whether it is refused,
/// remuxed or transcoded, and writes the ffmpeg arguments; the poster's too.
/// Pure: the same probe, settings and capabilities give the same plan, which
/// is what lets the output be named by content hash and settings.
public enum VideoPlanner {
  /// Part of every output's cache key: raise it when a change here changes
  /// the bytes ffmpeg writes, so old outputs are made again.
  public static let version = 1

  /// x264's thread count, fixed: x264's output depends on how many threads
  /// share the frames (measured: the same clip with 1, 2 and 4 threads gave
  /// three different files; the same count always the same bytes), so a
  /// count that followed the machine's cores would make a different file on
  /// every machine. Four keeps two cores busy with a few idle frames in hand
  /// (2 and 4 took the same CPU time here) and uses a four-core machine fully.
  public static let encoderThreads = 4

  /// A remux keeps the source's bit rate: above this many bits per pixel per
  /// frame (12.4 Mbit/s at 1080p30) the clip is a camera's original (phones
  /// record 1080p30 H.264 at about 16–20 Mbit/s, where crf 23 at `veryfast`
  /// made 5.2 Mbit/s of the 1080p test pattern), and is transcoded rather
  /// than sent to browsers at that size.
  static let remuxBitsPerPixel = 0.2

  /// What every ffmpeg run starts with: no keyboard, no banner, only errors,
  /// and permission to replace the output, always the caller's temporary file.
  static let common = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]

  /// The plan for the clip `probe` describes, or why it is not taken: an
  /// `.unreadable` error for a file that is no video (an image, sound only),
  /// a `.refused` one for a clip over the limits.
  public static func plan(
    _ probe: VideoProbe, settings: VideoSettings, capabilities: VideoCapabilities
  ) throws(VideoError) -> VideoPlan {
    let (video, demuxer) = try check(probe, settings: settings)
    let size = outputSize(of: video, maxHeight: settings.maxHeight)
    if let blocker = remuxBlocker(probe, video: video, settings: settings) {
      return transcode(
        probe, video: video, size: size, reason: blocker, settings: settings, capabilities: capabilities,
        demuxer: demuxer)
    }
    // Copied streams keep their size, odd sides included (H.264 crops them).
    return VideoPlan(
      action: .remux, reason: nil, width: video.displayWidth, height: video.displayHeight, duration: probe.duration,
      toneMapped: false, warning: nil, timeout: 60 + (probe.duration ?? Double(settings.maxSeconds)),
      key: settings.key + "-remux", outputOptions: maps(probe) + copyOptions, demuxer: demuxer)
  }

  /// The poster of a clip the planner takes: tried at 10%, 25%, 40%, 55%, 70%
  /// and 85% of its length, at the video's size and colours.
  public static func poster(
    _ probe: VideoProbe, settings: VideoSettings, capabilities: VideoCapabilities
  ) throws(VideoError) -> PosterPlan {
    let (video, demuxer) = try check(probe, settings: settings)
    let size = outputSize(of: video, maxHeight: settings.maxHeight)
    let toneMaps = video.isHDR && capabilities.toneMapping
    var times: [Double] = []
    for fraction in [0.1, 0.25, 0.4, 0.55, 0.7, 0.85] {
      let time = probe.duration.map { ($0 * fraction * 1000).rounded() / 1000 } ?? 0
      if !times.contains(time) { times.append(time) }
    }
    let filters = self.filters(video, size: size, toneMaps: toneMaps) + ["format=rgb24"]
    let colour = video.isHDR ? (toneMaps ? "-tonemap" : "-hdr") : ""
    return PosterPlan(
      times: times, width: size.width, height: size.height,
      key: "poster-v\(version)-\(settings.maxHeight)p\(colour)", timeout: 120, streamIndex: video.index,
      filters: filters, demuxer: demuxer)
  }

  /// The clip's picture stream and the demuxer ffmpeg reads it with, or why
  /// there is none worth processing.
  static func check(_ probe: VideoProbe, settings: VideoSettings) throws(VideoError) -> (VideoStream, String) {
    if let image = imageKind(probe.container) {
      throw VideoError(.unreadable, "not a video: the file is \(image)")
    }
    // A probe from an earlier build's index was taken without `VideoInput`'s
    // restrictions: what it found is checked again here.
    guard let demuxer = VideoInput.demuxer(of: probe.container) else {
      throw VideoError(
        .unreadable, VideoInput.refusal(probe.container.split(separator: ",").first.map(String.init) ?? ""))
    }
    guard let video = probe.video else {
      throw VideoError(.unreadable, probe.audio == nil ? "no picture or sound in the file" : "no picture: only sound")
    }
    guard video.width > 0, video.height > 0 else {
      throw VideoError(.unreadable, "the picture has no size: the file may be damaged")
    }
    if let duration = probe.duration, duration > Double(settings.maxSeconds) {
      throw VideoError(
        .refused, "the clip is \(length(duration)) long, over videos.max_seconds (\(settings.maxSeconds) s)")
    }
    if let limit = settings.maxBytes, probe.fileSize > limit {
      throw VideoError(
        .refused, "the file is \(megabytes(probe.fileSize)), over videos.max_megabytes (\(megabytes(limit)))")
    }
    return (video, demuxer)
  }

  /// "a JPEG image" for a file ffprobe read as an image; nil for a container of video.
  static func imageKind(_ container: String) -> String? {
    let names = ["jpeg_pipe": "JPEG", "png_pipe": "PNG", "webp_pipe": "WebP", "gif": "GIF", "bmp_pipe": "BMP"]
    if let name = names[container] { return "a \(name) image" }
    if container == "image2" || container.hasSuffix("_pipe") { return "an image" }
    return nil
  }

  /// `-map` for the picture and the sound, by index: never cover art, a
  /// second angle, subtitles, timecode or a phone's metadata track.
  static func maps(_ probe: VideoProbe) -> [String] {
    var options = ["-map", "0:\(probe.video?.index ?? 0)"]
    if let audio = probe.audio { options += ["-map", "0:\(audio.index)"] }
    // No tag of the source survives: not its date, place or camera.
    return options + ["-map_metadata", "-1", "-map_chapters", "-1"]
  }

  /// What a remux and a transcode both end with: index first, and nothing that
  /// varies from run to run (no encoder version string, no creation time).
  static let mp4Options = [
    "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
    "-max_muxing_queue_size", "4096", "-f", "mp4",
  ]

  static let copyOptions = ["-c", "copy"] + mp4Options

  /// "1 h 2 min 5 s", "12 min 5 s", "42 s".
  static func length(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    if hours > 0 { return "\(hours) h \(minutes) min \(rest) s" }
    return minutes > 0 ? "\(minutes) min \(rest) s" : "\(rest) s"
  }

  /// "12.3 MB", in decimal megabytes as file managers show them.
  static func megabytes(_ bytes: Int) -> String {
    let tenths = (Double(bytes) / 100_000).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10) MB"
  }

  /// Seconds as ffmpeg reads them, to the millisecond and in no locale: "12.345".
  static func seconds(_ value: Double) -> String {
    let milliseconds = max(0, Int((value * 1000).rounded()))
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
