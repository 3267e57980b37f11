/// A failure at the video edge or a clip the planner will not take: its
/// message, ready to be a diagnostic's, and what kind of failure it is, which
/// says whether the same bytes would fail again.
public struct VideoError: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Kind: Sendable, Hashable {
    /// The file's content is at fault: empty, cut short, not a video, damaged.
    /// The same bytes fail again, so the failure can be remembered by their hash.
    case unreadable
    /// A readable clip the settings rule out (too long, too large, no picture).
    case refused
    /// ffmpeg or ffprobe ran past the plan's time limit and was killed.
    case timedOut
    /// ffmpeg or ffprobe is not on this machine.
    case missingTool
    /// The machine is at fault (a tool that would not start, a full disk): trying
    /// again later may succeed.
    case failed
  }

  public var kind: Kind
  public var message: String

  package init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }

  /// The one warning a site with videos gets when ffmpeg is missing.
  package static let missing = VideoError(
    .missingTool, "ffmpeg is not installed, so videos are left out: install the Debian package ffmpeg")
}
