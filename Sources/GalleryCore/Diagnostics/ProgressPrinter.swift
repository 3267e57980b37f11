import Foundation

/// How far a long task has got (images processed, a fetch's requests), as
/// `ProgressPrinter` shows it.
public protocol ProgressReport: Sendable {
  /// Starts each plain line: `images`, `fetch`.
  static var label: String { get }
  /// Seconds since the task started.
  var elapsed: Double { get }
  /// Whether this is the last report: shown at once, and a bar's line ends.
  var isFinished: Bool { get }
  /// The plain line for a log, without the label.
  var line: String { get }
  /// What a terminal shows, redrawn in place.
  var terminalLine: String { get }
}

/// Prints progress of either kind: on a terminal one line redrawn in place;
/// otherwise (CI, logs) `label: line` every `interval` seconds and at the end.
public final class ProgressPrinter: @unchecked Sendable {
  package let isTerminal: Bool
  let interval: Double
  package let write: @Sendable (String) -> Void
  private var lastPrinted: Double
  /// A line drawn on the terminal that no newline has ended yet.
  private var open = false
  private let lock = NSLock()

  /// `waitsForFirstLine`: off a terminal, the first line too waits `interval`
  /// seconds, so a task done sooner prints none (a fetch, whose end the
  /// reports cannot tell); otherwise the first report is printed at once.
  public init(
    isTerminal: Bool, interval: Double = 5, waitsForFirstLine: Bool = false,
    write: @escaping @Sendable (String) -> Void
  ) {
    self.isTerminal = isTerminal
    self.interval = interval
    self.lastPrinted = waitsForFirstLine ? 0 : -Double.infinity
    self.write = write
  }

  /// Shows `progress`.
  public func report<Progress: ProgressReport>(_ progress: Progress) {
    lock.withLock {
      if isTerminal {
        write("\r\u{1B}[K" + progress.terminalLine + (progress.isFinished ? "\n" : ""))
        open = !progress.isFinished
      } else if progress.isFinished || progress.elapsed - lastPrinted >= interval {
        lastPrinted = progress.elapsed
        write(Progress.label + ": " + progress.line + "\n")
      }
    }
  }

  /// Ends a line left open on the terminal, so what follows starts on its own.
  public func finish() {
    lock.withLock {
      if open { write("\n") }
      open = false
    }
  }
}
