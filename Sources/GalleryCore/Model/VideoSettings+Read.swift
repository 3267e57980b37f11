/// `videos:` in site.yml: the web video's size and quality, and the limits
/// past which a clip is refused.
extension VideoSettings {
  static let keys = ["max_height", "crf", "preset", "max_seconds", "max_megabytes"]

  static func read(_ node: Node, over settings: VideoSettings, diagnostics: inout DiagnosticCollector)
    -> VideoSettings
  {
    var settings = settings
    guard node.isDictionary else {
      diagnostics.error("\"videos\" in site.yml must be a mapping", at: node)
      return settings
    }
    let reader = FieldReader(node: node, owner: "videos")
    func number(_ key: String, in range: ClosedRange<Int>, _ what: String) -> Int? {
      guard let value = reader.integer(key, &diagnostics) else { return nil }
      guard range.contains(value) else {
        diagnostics.error(
          "videos.\(key) must be \(what) from \(range.lowerBound) to \(range.upperBound), found \(value)",
          at: reader.location(of: key))
        return nil
      }
      return value
    }
    settings.maxHeight = number("max_height", in: maxHeightRange, "a height in pixels") ?? settings.maxHeight
    settings.crf = number("crf", in: crfRange, "x264's quality") ?? settings.crf
    settings.maxSeconds = number("max_seconds", in: 1...86_400, "a length in seconds") ?? settings.maxSeconds
    if let megabytes = number("max_megabytes", in: 1...1_000_000, "a size in megabytes") {
      settings.maxBytes = megabytes * 1_000_000
    }
    if let preset = reader.string("preset", &diagnostics) {
      if presets.contains(preset) {
        settings.preset = preset
      } else {
        diagnostics.error(
          "videos.preset must be one of \(presets.joined(separator: ", ")); found \"\(preset)\"",
          at: reader.location(of: "preset"))
      }
    }
    reader.warnUnknownKeys(keys, &diagnostics) { "unknown setting \"\($0)\" in videos" }
    return settings
  }
}
