/// The header of a Markdown text beside photos (an album's `index.md`, a
/// photo's `IMG_1.md`) and the body below it, in either style sigal reads:
///
/// - YAML front matter between a first line `---` and the next `---` (or
///   `...`), read by `YAMLReader`;
/// - `Key: value` lines at the very top (Python-Markdown's meta-data, which
///   sigal uses): a key is letters, digits, `_` and `-` indented at most three
///   spaces, a line indented four or more continues the value before it, and
///   the first blank line ends the header. A first line that is no key line
///   means there is no header.
///
/// Keys are case-insensitive (kept lowercased); which keys mean something is
/// up to the reader of the header (`AlbumText`, `ItemText`).
package struct MarkdownHeader: Sendable, Hashable {
  package struct Field: Sendable, Hashable {
    /// Lowercased.
    package var key: String
    package var value: String
    package var location: SourceLocation
  }

  package var fields: [Field] = []
  package var body = ""
  /// The line of the body's first line in the file, for messages.
  package var bodyLine = 1

  /// Splits `text`. A YAML header that does not parse is read as `Key: value`
  /// lines, as sigal does; only when those do not fit either is the YAML
  /// error reported, as a warning.
  package static func parse(_ text: FolderText, diagnostics: inout DiagnosticCollector) -> MarkdownHeader {
    let lines = text.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.first, first.trimmingCharacters(in: .whitespaces) == "---" else {
      return keyLines(lines, from: 0, file: text.file, fenced: false)
    }
    guard
      let end = lines.indices.dropFirst().first(where: {
        ["---", "..."].contains(lines[$0].trimmingCharacters(in: .whitespaces))
      })
    else {
      return keyLines(lines, from: 1, file: text.file, fenced: true)
    }
    var header = MarkdownHeader()
    header.body = lines[(end + 1)...].joined(separator: "\n")
    header.bodyLine = end + 2
    do {
      let node = try YAMLReader.parse(lines[1..<end].joined(separator: "\n"), file: text.file, lineOffset: 1)
      header.fields = yamlFields(node, diagnostics: &diagnostics)
    } catch {
      let fallback = keyLines(Array(lines[..<end]), from: 1, file: text.file, fenced: true)
      // Every line of the block was a key line (or a continuation): sigal's style.
      if fallback.bodyLine > end {
        header.fields = fallback.fields
      } else {
        for problem in error.diagnostics {
          diagnostics.warning(
            problem.message + "; the header was ignored", at: problem.location ?? SourceLocation(file: text.file))
        }
      }
    }
    return header
  }

  /// The header as `Key: value` lines from `lines[start]`; `fenced` when it
  /// opened with `---`, so that `---` or `...` also closes it.
  private static func keyLines(_ lines: [String], from start: Int, file: String, fenced: Bool) -> MarkdownHeader {
    var header = MarkdownHeader()
    var index = start
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || (fenced && (trimmed == "---" || trimmed == "...")) {
        index += 1
        break
      }
      if let (key, value) = keyLine(line) {
        header.fields.append(
          Field(key: key.lowercased(), value: value, location: SourceLocation(file: file, line: index + 1)))
      } else if line.prefix(4).allSatisfy({ $0 == " " }), line.count > 4, !header.fields.isEmpty {
        header.fields[header.fields.count - 1].value += " " + trimmed
      } else {
        break
      }
      index += 1
    }
    // No key line at all: the whole text is the body.
    if header.fields.isEmpty { index = fenced ? start - 1 : 0 }
    header.body = lines[index...].joined(separator: "\n")
    header.bodyLine = index + 1
    return header
  }

  /// `key` and `value` of a line `Key: value` (at most three spaces before it).
  private static func keyLine(_ line: String) -> (String, String)? {
    let indent = line.prefix { $0 == " " }.count
    guard indent <= 3 else { return nil }
    let rest = line.dropFirst(indent)
    let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    guard !key.isEmpty, rest.dropFirst(key.count).first == ":" else { return nil }
    let value = rest.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)
    return (String(key), value)
  }

  /// The pairs of a YAML mapping as text: a list becomes its items joined by
  /// ", "; a nested mapping is a warning.
  private static func yamlFields(_ node: Node, diagnostics: inout DiagnosticCollector) -> [Field] {
    guard case .dictionary(let pairs) = node.value else {
      if !node.isNull {
        diagnostics.warning("the header must be a mapping of keys to values; it was ignored", at: node)
      }
      return []
    }
    return pairs.compactMap { key, value -> Field? in
      let text: String?
      if case .array(let items) = value.value {
        let words = items.compactMap(scalar)
        text = words.count == items.count ? words.joined(separator: ", ") : nil
      } else {
        text = scalar(value)
      }
      guard let text else {
        diagnostics.warning("\"\(key)\" must be a plain value; it was ignored", at: value)
        return nil
      }
      return Field(key: key.lowercased(), value: text, location: value.location)
    }
  }

  private static func scalar(_ node: Node) -> String? {
    switch node.value {
    case .string(let string): return string
    case .integer(let number): return String(number)
    case .double(let number): return String(number)
    case .bool(let flag): return String(flag)
    case .null: return ""
    default: return nil
    }
  }
}
