/// How an album's grid view draws its photos: site.yml's `grid:`.
package enum GridStyle: String, Sendable, Hashable, CaseIterable {
  /// Square crops of one size in columns (the default).
  case square
  /// Rows of equal height in which each photo keeps its own shape, uncropped.
  case justified

  /// The style site.yml's `grid:` value names: the default for nothing written.
  /// Anything else is reported at the value, and means the default.
  static func read(_ node: Node, diagnostics: inout DiagnosticCollector) -> GridStyle {
    var found = node.kindDescription
    switch node.value {
    case .null: return .square
    case .string(let name):
      if let style = GridStyle(rawValue: name.lowercased()) { return style }
      found = "\"\(name)\""
    default: break
    }
    let styles = allCases.map(\.rawValue).joined(separator: " or ")
    diagnostics.error("grid must be \(styles); found \(found)", at: node)
    return .square
  }
}
