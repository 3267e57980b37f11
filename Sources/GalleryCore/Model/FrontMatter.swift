/// Splits `---` YAML front matter from a Markdown file.
package enum FrontMatter {
  /// The note's front-matter values and Markdown body. Values longer than
  /// `TextLimits.field` characters and bodies over `TextLimits.noteBytes` are
  /// errors; an over-long body is dropped so nothing renders it.
  package static func split(_ source: NoteSource, diagnostics: inout DiagnosticCollector) -> Note {
    var note = parts(of: source, diagnostics: &diagnostics)
    let bytes = note.markdown.utf8.count
    if bytes > TextLimits.noteBytes {
      diagnostics.error(
        "note is \(bytes) bytes long; the limit is \(TextLimits.noteBytes)",
        at: SourceLocation(file: source.file, line: note.firstLine))
      note.markdown = ""
    }
    return note
  }

  private static func parts(of source: NoteSource, diagnostics: inout DiagnosticCollector) -> Note {
    let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.first.map({ $0.trimmingCharacters(in: .whitespaces) == "---" }) == true,
      let end = lines.dropFirst().firstIndex(where: {
        $0.trimmingCharacters(in: .whitespaces) == "---"
      })
    else {
      return Note(file: source.file, frontMatter: [:], markdown: source.text, firstLine: 1)
    }
    let yaml = lines[1..<end].joined(separator: "\n")
    let markdown = lines[(end + 1)...].joined(separator: "\n")
    var values: [String: String] = [:]
    do {
      let node = try YAMLReader.parse(yaml, file: source.file, lineOffset: 1)
      if case .dictionary(let pairs) = node.value {
        for (key, value) in pairs {
          let text: String
          switch value.value {
          case .string(let string): text = string
          case .integer(let number): text = String(number)
          case .double(let number): text = String(number)
          case .bool(let flag): text = String(flag)
          case .null: continue
          default:
            diagnostics.warning("front matter \"\(key)\" must be a plain value; ignored", at: value)
            continue
          }
          values[key] = diagnostics.limited(
            text, TextLimits.field, what: "front matter \"\(key)\"", at: value.location)
        }
      } else if !node.isNull {
        diagnostics.error("front matter must be a mapping of keys to values", at: node)
      }
    } catch {
      diagnostics.list += error.diagnostics
    }
    return Note(file: source.file, frontMatter: values, markdown: markdown, firstLine: end + 2)
  }
}
