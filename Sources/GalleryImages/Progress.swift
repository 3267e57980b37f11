import Foundation

/// How far image processing has got, reported after every photo.
public struct BuildProgress: Sendable {
  package var done: Int
  package var total: Int
  /// Seconds since processing started.
  package var elapsed: Double

  package var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }
  var remaining: Double? { rate > 0 ? Double(total - done) / rate : nil }

  /// `[#######.......]  120/500  11.9 photos/s  0:32 left` for a terminal.
  package func bar(width: Int = 24) -> String {
    let filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "[\(bar)] \(line)"
  }

  /// `120/500 photos, 11.9/s, 0:32 left`, for logs.
  package var line: String {
    var text = "\(done)/\(total) photos, \(String(format: "%.1f", rate))/s"
    if let remaining, done < total {
      let seconds = Int(remaining.rounded())
      text += ", \(seconds / 60):\(String(format: "%02d", seconds % 60)) left"
    }
    return text
  }
}

/// Prints progress: a bar redrawn in place on a terminal, otherwise (CI, logs) a
/// plain line every `interval` seconds.
public final class ProgressPrinter: @unchecked Sendable {
  package let isTerminal: Bool
  let interval: Double
  package let write: @Sendable (String) -> Void
  private var lastPrinted = -Double.infinity
  private let lock = NSLock()

  public init(isTerminal: Bool, interval: Double = 5, write: @escaping @Sendable (String) -> Void) {
    self.isTerminal = isTerminal
    self.interval = interval
    self.write = write
  }

  public func report(_ progress: BuildProgress) {
    lock.withLock {
      if isTerminal {
        write("\r\u{1B}[K" + progress.bar() + (progress.done == progress.total ? "\n" : ""))
      } else if progress.done == progress.total || progress.elapsed - lastPrinted >= interval {
        lastPrinted = progress.elapsed
        write("images: " + progress.line + "\n")
      }
    }
  }
}
