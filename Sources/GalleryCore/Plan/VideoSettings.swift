/// What `videos:` in site.yml holds: the size and quality of web video, and
/// the limits past which a clip is refused rather than processed for an hour.
public struct VideoSettings: Sendable, Hashable {
  /// The short side of the output at most, in pixels (1080: landscape
  /// 1920×1080, portrait 1080×1920); a smaller clip is never enlarged.
  public var maxHeight = 1080
  /// x264's constant rate factor: lower is better and larger; 23 is x264's own default.
  public var crf = 23
  /// x264's speed preset. On two cores `veryfast` took 12.5 CPU-s for 10 s of
  /// 1080p, `superfast` 7.7 CPU-s but twice the bytes at the same crf, and
  /// `medium` 23 CPU-s for a file 14% larger than `veryfast`'s (testsrc2 at crf 23).
  public var preset = "veryfast"
  /// A longer clip is refused.
  public var maxSeconds = 600
  /// A larger source file is refused; nil for no limit.
  public var maxBytes: Int?

  public init() {}

  /// x264's presets, fastest first: the values `preset` accepts.
  public static let presets = [
    "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow",
  ]
  /// The values `crf` accepts (x264's 8-bit range).
  public static let crfRange = 0...51
  /// The values `maxHeight` accepts: from a thumbnail-sized clip to 8K.
  public static let maxHeightRange = 144...4320

  /// The text that, with the source's content hash, names a clip's output in
  /// the cache: what changes the output's bytes and nothing else, so an
  /// upgrade that keeps these settings and `VideoPlanner.version` re-encodes
  /// nothing. The limits are not in it: they decide whether, not how.
  public var key: String {
    "v\(VideoPlanner.version)-\(maxHeight)p-crf\(crf)-\(preset)"
  }
}
