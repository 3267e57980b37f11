import Foundation
import GalleryCore

/// How far image processing has got, reported after every photo.
public struct BuildProgress: ProgressReport {
  package var done: Int
  package var total: Int
  /// Seconds since processing started.
  public var elapsed: Double

  package init(done: Int, total: Int, elapsed: Double) {
    self.done = done
    self.total = total
    self.elapsed = elapsed
  }

  public static let label = "images"
  public var isFinished: Bool { done == total }
  public var terminalLine: String { bar() }

  package var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }
  var remaining: Double? { rate > 0 ? Double(total - done) / rate : nil }

  /// `[#######.......]  120/500  11.9 photos/s  0:32 left` for a terminal.
  package func bar(width: Int = 24) -> String {
    let filled = total > 0 ? width * done / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
    return "[\(bar)] \(line)"
  }

  /// `120/500 photos, 11.9/s, 0:32 left`, for logs.
  public var line: String {
    var text = "\(done)/\(total) photos, \(String(format: "%.1f", rate))/s"
    if let remaining, done < total {
      let seconds = Int(remaining.rounded())
      text += ", \(seconds / 60):\(String(format: "%02d", seconds % 60)) left"
    }
    return text
  }
}
