import Foundation
import GalleryCore

/// What an ffmpeg build can do, remembered per build of the two tools so an
/// unchanged site rebuilds without starting any process: asking ffmpeg for its
/// encoders and filters costs two runs, and the answer only changes when the
/// tools do. The memo is keyed by each tool's resolved path, size and
/// modification time; any change, or an unreadable memo, means asking again.
package struct CapabilityMemo {
  /// `<cache home>/catgallery/ffmpeg-capabilities`, or nil to always ask.
  package let file: String?

  package init(file: String?) { self.file = file }

  /// The identity of the tools at these paths, or nil when one cannot be read.
  static func key(ffmpeg: String, ffprobe: String) -> String? {
    var parts: [String] = []
    for path in [ffmpeg, ffprobe] {
      let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
        let size = (attributes[.size] as? NSNumber)?.intValue,
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
      else { return nil }
      parts.append("\(resolved) \(size) \(modified)")
    }
    return parts.joined(separator: " | ")
  }

  /// The remembered capabilities for `key`, if the memo has them.
  func recall(_ key: String) -> VideoCapabilities? {
    guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard lines.count >= 3, lines[0] == key else { return nil }
    let flag = { (line: String, name: String) -> Bool? in
      line == name + " yes" ? true : line == name + " no" ? false : nil
    }
    guard let available = flag(lines[1], "libx264"), let toneMapping = flag(lines[2], "tonemap") else { return nil }
    return VideoCapabilities(isAvailable: available, toneMapping: toneMapping)
  }

  /// Remembers `capabilities` for `key`, written whole or not at all; a
  /// cache folder that cannot be written only means asking again next time.
  func remember(_ capabilities: VideoCapabilities, for key: String) {
    guard let file else { return }
    let text = [
      key, "libx264 " + (capabilities.isAvailable ? "yes" : "no"),
      "tonemap " + (capabilities.toneMapping ? "yes" : "no"),
      "",
    ].joined(separator: "\n")
    let folder = (file as NSString).deletingLastPathComponent
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = file + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
    if rename(temporary, file) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
  }
}
