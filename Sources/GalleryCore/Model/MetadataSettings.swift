/// site.yml's `metadata:`: whether photos show an info panel, and which
/// private fields of their metadata a site publishes.
package struct MetadataSettings: Sendable, Hashable {
  /// Fields read from every photo but published only when listed in `publish`.
  package enum PrivateField: String, Sendable, Hashable, CaseIterable {
    /// Where the photo was taken (EXIF GPS).
    case gps
    /// Camera body and lens serial numbers.
    case serial
    /// Camera owner, artist, creator and copyright holder names.
    case owner

    package var label: String {
      switch self {
      case .gps: "Location"
      case .serial: "Serial number"
      case .owner: "Owner"
      }
    }
  }

  static let keys = ["info", "publish"]

  /// `info:` as written; nil when site.yml leaves it out (see `showsInfo`).
  package var info: Bool?
  /// Private fields the site opts in to publishing; none by default.
  package var publish: [PrivateField] = []

  package init() {}

  /// Whether photo pages and the lightbox show the info panel: as `info:`
  /// says, else on exactly when `images.exif` lists fields (so a site that
  /// listed them before `metadata:` existed keeps its rows). A preview writes
  /// `info: true` into the settings it makes.
  package func showsInfo(exif: [ExifField]) -> Bool {
    info ?? !exif.isEmpty
  }

  /// Reads `node` (the `metadata:` mapping), reporting bad values and unknown keys.
  static func read(_ node: Node?, diagnostics: inout DiagnosticCollector) -> MetadataSettings {
    var settings = MetadataSettings()
    guard let node else { return settings }
    guard node.isDictionary else {
      diagnostics.error("\"metadata\" in site.yml must be a mapping", at: node)
      return settings
    }
    let reader = FieldReader(node: node, owner: "metadata")
    if let info = node["info"], !info.isNull {
      if case .bool(let value) = info.value {
        settings.info = value
      } else {
        diagnostics.error("\"info\" of metadata must be true or false, found \(info.kindDescription)", at: info)
      }
    }
    if let names = reader.strings("publish", &diagnostics) {
      for name in names {
        guard let field = PrivateField(rawValue: name.lowercased()) else {
          diagnostics.error(
            "unknown metadata field \"\(name)\" to publish (use gps, serial, owner)",
            at: reader.location(of: "publish"))
          continue
        }
        if !settings.publish.contains(field) { settings.publish.append(field) }
      }
    }
    reader.warnUnknownKeys(keys, &diagnostics) { "unknown metadata setting \"\($0)\" in site.yml" }
    return settings
  }
}
