import Yams

/// Counts what YAML aliases would expand to before Yams expands them.
///
/// Yams composes an alias as a copy of its anchored node; a few hundred bytes of
/// nested aliases ("billion laughs") become billions of values, and Yams already
/// hashes every mapping key in full while composing. So the text is first
/// composed with every `*` turned into `~`: each alias becomes a small plain
/// scalar at the alias's own line and column, and nothing is expanded. Walking
/// that tree in document order gives each anchor's expanded size and the first
/// alias that takes the total past `TextLimits.aliasValues`.
///
/// The swap keeps the structure: `~` is special only as a whole scalar, a `*`
/// inside a string or comment changes only text this pass ignores, and anchor
/// names are letters, digits, `_` and `-` in libyaml.
struct YAMLAliasBudget {
  /// Values added by aliases so far.
  private var added = 0
  /// Expanded size of the latest node defined under each anchor name.
  private var sizes: [String: Int] = [:]
  /// The first alias past the budget: its name and mark.
  private(set) var overflow: (name: String, mark: Yams.Mark?)?

  /// The alias (name and position) that takes `text` past the budget, or nil
  /// when aliases stay within it or the text is not valid YAML (the real parse
  /// then reports the syntax error).
  static func overflow(in text: String) -> (name: String, mark: Yams.Mark?)? {
    let defused = String(decoding: text.utf8.map { $0 == UInt8(ascii: "*") ? UInt8(ascii: "~") : $0 }, as: UTF8.self)
    guard let parser = try? Yams.Parser(yaml: defused) else { return nil }
    // Nodes hold their anchors weakly; the parser keeps them alive during the walk.
    return withExtendedLifetime(parser) { () -> (name: String, mark: Yams.Mark?)? in
      guard let root = try? parser.singleRoot() else { return nil }
      var budget = YAMLAliasBudget()
      _ = budget.size(of: root)
      return budget.overflow
    }
  }

  /// The number of values `node` stands for once its aliases are expanded.
  private mutating func size(of node: Yams.Node) -> Int {
    guard overflow == nil else { return 0 }
    var total = 1
    switch node {
    case .scalar(let scalar):
      if scalar.style == .plain, scalar.string.hasPrefix("~"), let size = sizes[String(scalar.string.dropFirst())] {
        added += size
        if added > TextLimits.aliasValues { overflow = (String(scalar.string.dropFirst()), scalar.mark) }
        return size
      }
    case .mapping(let mapping):
      for (key, value) in mapping { total += size(of: key) + size(of: value) }
    case .sequence(let sequence):
      for item in sequence { total += size(of: item) }
    case .alias:
      break
    }
    if let anchor = node.anchor { sizes[anchor.rawValue] = total }
    return total
  }
}
