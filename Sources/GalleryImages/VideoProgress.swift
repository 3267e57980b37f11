import Foundation
import GalleryCore

/// How far making web videos has got, in seconds of video: a clip of ten
/// minutes is not one step of a hundred.
public struct VideoProgress: ProgressReport {
  /// Seconds of video made, of `total`.
  package var done: Double
  package var total: Double
  /// Seconds since the first clip started.
  public var elapsed: Double

  public static let label = "videos"
  public var isFinished: Bool { done >= total }
  public var terminalLine: String {
    let width = 24
    let filled = total > 0 ? min(width, Int(Double(width) * done / total)) : width
    return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] " + line
  }

  /// `42/120 s of video, 1.8 s/s, 0:43 left`: seconds of video per second.
  public var line: String {
    let rate = elapsed > 0 ? done / elapsed : 0
    var text = "\(Int(done))/\(Int(total.rounded())) s of video, \(String(format: "%.1f", rate)) s/s"
    if rate > 0, done < total {
      let seconds = Int(((total - done) / rate).rounded())
      text += ", \(seconds / 60):\(String(format: "%02d", seconds % 60)) left"
    }
    return text
  }
}
