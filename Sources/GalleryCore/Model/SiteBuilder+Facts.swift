/// Cat facts in any of the three shapes: an array of strings,
/// catfact.ninja's `{"data": [{"fact": …}]}`, or objects with `text` (cat-fact API).
extension SiteBuilder {
  package func facts(_ root: Node?, diagnostics: inout DiagnosticCollector) -> [Fact] {
    guard let root else { return [] }
    let items: [Node]
    let key: String?
    if let array = root.array {
      items = array
      key = array.first(where: \.isDictionary) == nil ? nil : "text"
    } else if let data = root["data"], let array = data.array {
      items = array
      key = "fact"
    } else {
      diagnostics.error("facts.json must be an array of facts or an object with a \"data\" array", at: root)
      return []
    }
    var facts: [Fact] = []
    var seen: [String: Int] = [:]
    var slugs: Set<String> = []
    for (index, item) in items.enumerated() {
      let owner = "fact \(index + 1)"
      var text: String?
      if let key {
        guard item.isDictionary else {
          diagnostics.error("\(owner) must be an object with \"\(key)\", found \(item.kindDescription)", at: item)
          continue
        }
        if item[key] == nil {
          diagnostics.error("\(owner) has no \"\(key)\"", at: item)
          continue
        }
        text = FieldReader(node: item, owner: owner).string(key, limit: TextLimits.fact, &diagnostics) ?? ""
      } else if case .string(let value) = item.value {
        text = diagnostics.limited(value, TextLimits.fact, what: owner, at: item.location)
      } else {
        diagnostics.error("\(owner) must be a string, found \(item.kindDescription)", at: item)
      }
      guard let text = text.map(Text.tidy) else { continue }
      guard !text.isEmpty else {
        diagnostics.warning("\(owner) is empty; skipped", at: item)
        continue
      }
      if let first = seen[text.lowercased()] {
        diagnostics.warning("\(owner) repeats fact \(first); skipped", at: item)
        continue
      }
      seen[text.lowercased()] = index + 1
      let words = Self.firstWords(text)
      // A fact's slug is its first words, not a name: facts that begin alike are numbered.
      facts.append(
        Fact(
          text: text, slug: Slug.unique(words, taken: &slugs), background: nil,
          pageOrigin: PageOrigin(name: owner, location: item.location)))
    }
    return facts
  }

  /// The first six words of a tidied `text` (`Text.tidy`), a fact's slug.
  static func firstWords(_ text: String) -> String {
    // ASCII text is cut at its sixth space, found on the bytes; other text
    // by Characters, where a space may carry a combining mark.
    guard Text.isASCII(text) else { return text.split(separator: " ").prefix(6).joined(separator: " ") }
    var spaces = 0
    for index in text.utf8.indices where text.utf8[index] == UInt8(ascii: " ") {
      spaces += 1
      if spaces == 6 { return String(text[..<index]) }
    }
    return text
  }
}
