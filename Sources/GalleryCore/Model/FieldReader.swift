/// Typed reads of a record's fields that report wrong types and missing keys.
/// `owner` names the record in messages, e.g. `cat 3` or `breed "abys"`.
struct FieldReader {
  let node: Node
  let owner: String

  /// A trimmed string; empty strings and null count as absent. One longer than
  /// `limit` characters is reported and cut to it.
  func string(
    _ key: String, required: Bool = false, limit: Int = TextLimits.field, _ diagnostics: inout DiagnosticCollector
  ) -> String? {
    guard let value = node[key], !value.isNull else {
      if required { diagnostics.error("\(owner) has no \"\(key)\"", at: node) }
      return nil
    }
    guard case .string(let text) = value.value else {
      diagnostics.error(
        "\"\(key)\" of \(owner) must be a string, found \(value.kindDescription)", at: value)
      return nil
    }
    let trimmed = Text.trimmed(text)
    if trimmed.isEmpty {
      if required { diagnostics.error("\(owner) has an empty \"\(key)\"", at: value) }
      return nil
    }
    return diagnostics.limited(trimmed, limit, what: "\(key) of \(owner)", at: value.location)
  }

  /// An integer; a number with no fractional part is accepted as one.
  func integer(_ key: String, required: Bool = false, _ diagnostics: inout DiagnosticCollector) -> Int? {
    guard let value = node[key], !value.isNull else {
      if required { diagnostics.error("\(owner) has no \"\(key)\"", at: node) }
      return nil
    }
    switch value.value {
    case .integer(let number): return number
    case .double(let number) where number == number.rounded() && abs(number) < 1e15:
      return Int(number)
    default:
      diagnostics.error(
        "\"\(key)\" of \(owner) must be an integer, found \(value.kindDescription)", at: value)
      return nil
    }
  }

  func number(_ key: String, required: Bool = false, _ diagnostics: inout DiagnosticCollector) -> Double? {
    guard let value = node[key], !value.isNull else {
      if required { diagnostics.error("\(owner) has no \"\(key)\"", at: node) }
      return nil
    }
    switch value.value {
    case .integer(let number): return Double(number)
    case .double(let number): return number
    default:
      diagnostics.error(
        "\"\(key)\" of \(owner) must be a number, found \(value.kindDescription)", at: value)
      return nil
    }
  }

  /// An array of trimmed, non-empty strings, each at most `TextLimits.field` characters.
  func strings(_ key: String, _ diagnostics: inout DiagnosticCollector) -> [String]? {
    guard let value = node[key], !value.isNull else { return nil }
    guard let items = value.array else {
      diagnostics.error(
        "\"\(key)\" of \(owner) must be an array of strings, found \(value.kindDescription)",
        at: value)
      return nil
    }
    return items.enumerated().compactMap { index, item in
      guard case .string(let text) = item.value else {
        diagnostics.error(
          "\"\(key)\" of \(owner) must contain only strings, found \(item.kindDescription)",
          at: item)
        return nil
      }
      let trimmed = Text.trimmed(text)
      guard !trimmed.isEmpty else { return nil }
      return diagnostics.limited(
        trimmed, TextLimits.field, what: "item \(index + 1) of \(key) of \(owner)", at: item.location)
    }
  }

  /// Warns at the value of each key not in `known`, in words from `message(key)`:
  /// a misspelt setting would otherwise be ignored in silence.
  func warnUnknownKeys(_ known: [String], _ diagnostics: inout DiagnosticCollector, message: (String) -> String) {
    guard case .dictionary(let pairs) = node.value else { return }
    for (key, value) in pairs where !known.contains(key) {
      diagnostics.warning(message(key), at: value)
    }
  }

  /// The same fields, named `owner` in messages: once a record's name is known.
  func renamed(_ owner: String) -> FieldReader { FieldReader(node: node, owner: owner) }

  func location(of key: String) -> SourceLocation { node[key]?.location ?? node.location }
}
