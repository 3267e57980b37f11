/// What the zip of an album holds: site.yml's `zip:`. No zips by default.
///
/// `true` means `largest`, as sigal's `zip_media_format` defaults to its
/// resized copies: the originals carry whatever the camera wrote into them
/// (GPS above all), which the site never publishes unless asked, while the
/// largest published copy has every field stripped.
package enum ArchiveMode: String, Sendable, Hashable, CaseIterable {
  /// Each photo's largest published copy in the format every browser shows
  /// (JPEG, or PNG for a photo with alpha), metadata stripped.
  case largest
  /// The files as they are in content/, metadata and all.
  case originals

  /// The mode site.yml's `zip:` value asks for: nil for `false` or nothing. Anything but
  /// a flag or a mode's name is reported at the value, and means no zips.
  static func read(_ node: Node, diagnostics: inout DiagnosticCollector) -> ArchiveMode? {
    var found = node.kindDescription
    switch node.value {
    case .null: return nil
    case .bool(let on): return on ? .largest : nil
    case .string(let name):
      if let mode = ArchiveMode(rawValue: name.lowercased()) { return mode }
      found = "\"\(name)\""
    default: break
    }
    let modes = allCases.map(\.rawValue).joined(separator: " or ")
    diagnostics.error("zip must be true, false, \(modes); found \(found)", at: node)
    return nil
  }
}
