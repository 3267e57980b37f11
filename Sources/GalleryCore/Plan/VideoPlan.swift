/// What to do with one clip, decided by `VideoPlanner` from its probe and the
/// settings, and the ffmpeg arguments that do it. The output is always an MP4
/// with H.264 and AAC (or no sound), its index first (`+faststart`) so a
/// browser starts playing before the whole file has arrived.
public struct VideoPlan: Sendable, Hashable {
  public enum Action: String, Sendable, Hashable {
    /// The streams already play everywhere: copied into a new MP4 as they are.
    case remux
    /// Decoded, filtered and encoded again with libx264.
    case transcode
  }

  public var action: Action
  /// Why a transcode could not be a remux ("HEVC, not H.264"); nil for a remux.
  public var reason: String?
  /// The output as a player shows it, upright, in square pixels.
  public var width: Int
  public var height: Int
  /// The clip's length, for progress (seconds of video per second).
  public var duration: Double?
  /// An HDR clip tone-mapped to SDR BT.709 with zscale and tonemap.
  public var toneMapped: Bool
  /// Something the caller shows as a warning on the clip: HDR colours that
  /// could only be relabelled, not tone-mapped.
  public var warning: String?
  /// Seconds after which the run is killed.
  public var timeout: Double
  /// Names the output in the cache, with the source's content hash: the
  /// settings' key and what this plan adds to it.
  public var key: String
  /// Everything between the input and the output file on ffmpeg's command line.
  public var outputOptions: [String]
  /// The demuxer the probe found, the only one ffmpeg may use (`VideoInput`).
  public var demuxer: String

  /// ffmpeg's whole argument list: never a shell string. Paths go through the
  /// `file:` protocol, so a name that starts with `-` or holds a `:` is still
  /// only a file name. `-xerror` stops at the first damaged packet, so a clip
  /// cut short fails as a whole instead of becoming a shorter video in silence.
  /// The input is read only as `VideoInput` allows: one file, one demuxer.
  public func arguments(source: String, output: String) -> [String] {
    VideoPlanner.common + ["-nostats", "-progress", "pipe:1", "-xerror"] + VideoInput.options(demuxer: demuxer)
      + ["-i", "file:" + source] + outputOptions + ["file:" + output]
  }
}
