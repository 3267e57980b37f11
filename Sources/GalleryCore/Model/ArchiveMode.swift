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

/// What an album's index.md says of its zip (`zip:`), over site.yml's.
package enum ArchiveChoice: Sendable, Hashable {
  /// Nothing written: as site.yml's `zip:` says.
  case site
  /// `false`: no zip for this album, whatever site.yml says.
  case off
  /// `true`: a zip in site.yml's mode, or of the largest copies when site.yml makes none.
  case on
  /// `largest` or `originals`: a zip in that mode, whatever site.yml says.
  case mode(ArchiveMode)

  /// The choice index.md's `text` names (as sigal's `Key: value` lines or
  /// front matter write it; nothing is `site`), nil when it names none.
  init?(_ text: String) {
    switch text.lowercased() {
    case "": self = .site
    case "true", "yes", "1": self = .on
    case "false", "no", "0": self = .off
    default:
      guard let mode = ArchiveMode(rawValue: text.lowercased()) else { return nil }
      self = .mode(mode)
    }
  }

  /// What the album's zip holds given site.yml's mode `site`; nil for no zip.
  package func mode(site: ArchiveMode?) -> ArchiveMode? {
    switch self {
    case .site: site
    case .off: nil
    case .on: site ?? .largest
    case .mode(let mode): mode
    }
  }
}
