import GalleryCore
import GalleryImages
import GalleryOutput

/// What a `serve` or `preview` session has to say while it runs, for the
/// executable to print: the library decides what is said, the executable where.
public enum SessionMessage: Sendable {
  /// Problems and notes for stderr: a build's diagnostics, and the session's
  /// own (a failed rebuild, a port in use). Each batch is printed sorted.
  case diagnostics([Diagnostic])
  /// A status line for stdout ("rebuilt in 12 ms: …", "serving … at …").
  case status(String)
  /// The stage times of a rebuild that succeeded, when they were asked for.
  case timings(BuildReport)
  /// How far image processing has got.
  case progress(BuildProgress)
  /// How far making web videos has got.
  case videoProgress(VideoProgress)
  /// The server is listening at this URL (after the status line saying so).
  case listening(url: String)
}
