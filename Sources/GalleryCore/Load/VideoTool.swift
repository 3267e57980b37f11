/// The video edge, beside `ImageCodec`: reads what a clip holds and runs the
/// ffmpeg work the pure planner decided, by path. `FFmpegTool` (ffmpeg and
/// ffprobe as subprocesses) in production; `FakeVideoTool` in tests, which
/// reads text "clips" through a `FileSystem`. Every decision (remux or
/// transcode, sizes, filters, which frames may be posters) is `VideoPlanner`'s,
/// so the tool holds no rules and the rules are tested without ffmpeg.
public protocol VideoTool: Sendable {
  /// What the installed ffmpeg can do; `isAvailable` is false when ffmpeg or
  /// ffprobe is missing (the core then warns once with `VideoError.missing`).
  var capabilities: VideoCapabilities { get }

  /// What the file at `path` holds. A file that is empty, cut short or no
  /// media ffprobe knows throws an `.unreadable` error; a readable file
  /// without a picture comes back with no `video`, for the planner to refuse.
  func probe(_ path: String) throws(VideoError) -> VideoProbe

  /// Makes `output` from `source` as `plan` says, calling `progress` with the
  /// seconds of the clip done so far. On failure `output` does not exist.
  func run(
    _ plan: VideoPlan, source: String, output: String, progress: @escaping @Sendable (Double) -> Void
  ) throws(VideoError)

  /// Writes the poster frame of `source` to `output` (a PNG): the first of the
  /// plan's times whose frame is not near black, else the brightest of them.
  /// Returns the time taken, in seconds from the start.
  func poster(_ plan: PosterPlan, source: String, output: String) throws(VideoError) -> Double
}

extension VideoTool {
  public var isAvailable: Bool { capabilities.isAvailable }
}

/// What an ffmpeg build offers that the planner's choices depend on.
public struct VideoCapabilities: Sendable, Hashable {
  /// Both ffmpeg and ffprobe were found, and ffmpeg has the libx264 encoder.
  public var isAvailable: Bool
  /// The `zscale` (libzimg) and `tonemap` filters are there, so HDR clips can
  /// be tone-mapped to SDR instead of having their colours merely relabelled.
  public var toneMapping: Bool

  public init(isAvailable: Bool, toneMapping: Bool) {
    self.isAvailable = isAvailable
    self.toneMapping = toneMapping
  }

  /// No ffmpeg on the machine.
  public static let missing = VideoCapabilities(isAvailable: false, toneMapping: false)
}
