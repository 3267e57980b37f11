import GalleryCore

/// ffmpeg's standard error made into one line a diagnostic can carry: its
/// `[mov,mp4,… @ 0x55…]` prefixes and our own paths taken out, its common
/// messages said plainly, repeats dropped.
enum FFmpegMessage {
  /// What the user's file is told instead of ffmpeg's wording.
  static let plain: [(match: String, text: String)] = [
    ("moov atom not found", "cut short or never finished: no moov atom (the index a recording gets when it stops)"),
    ("partial file", "cut short: the data ends early"),
    ("corrupt input packet", "damaged data"),
    ("Error while decoding stream", "damaged data"),
    ("Invalid NAL unit size", "damaged data"),
    ("Invalid data found when processing input", VideoInput.unknown),
  ]

  /// Lines that only say the run failed, which the caller already knows.
  static let empty = ["Conversion failed!", "Exiting normally"]

  static let limit = 300

  /// One line from `errors`; `paths` (the source and the output) become
  /// "file" and "output" so no absolute path reaches the message.
  static func condense(_ errors: String, source: String, output: String? = nil, status: Int32) -> String {
    var parts: [String] = []
    for raw in errors.split(whereSeparator: \.isNewline) {
      var line = withoutPrefix(raw.trimmingCharacters(in: .whitespaces))
      for (path, name) in [(source, "file"), (output ?? "", "output")] where !path.isEmpty {
        for form in ["file:" + path, path] {
          if line.hasPrefix(form + ": ") { line = String(line.dropFirst(form.count + 2)) }
          line = line.replacingOccurrences(of: form, with: name)
        }
      }
      if let known = plain.first(where: { line.contains($0.match) }) { line = known.text }
      if line.isEmpty || empty.contains(where: line.hasPrefix) || parts.contains(line) { continue }
      parts.append(line)
    }
    // ffmpeg's generic "cannot read" follows the specific cause: keep the cause.
    if parts.count > 1, let generic = parts.firstIndex(of: VideoInput.unknown) { parts.remove(at: generic) }
    guard !parts.isEmpty else { return "ffmpeg stopped with status \(status)" }
    let line = parts.joined(separator: "; ")
    return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
  }

  /// "[h264 @ 0x5562…] Invalid NAL unit size" → "Invalid NAL unit size".
  static func withoutPrefix(_ line: String) -> String {
    guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), line[..<close].contains(" @ ") else {
      return line
    }
    return line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
  }
}
