/// Splits `---` YAML front matter from a Markdown file.
enum FrontMatter {
  static func split(_ source: NoteSource, problems: inout Problems) -> Note {
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
          switch value.value {
          case .string(let text): values[key] = text
          case .integer(let number): values[key] = String(number)
          case .double(let number): values[key] = String(number)
          case .bool(let flag): values[key] = String(flag)
          case .null: continue
          default:
            problems.warning("front matter \"\(key)\" must be a plain value; ignored", at: value)
          }
        }
      } else if !node.isNull {
        problems.error("front matter must be a mapping of keys to values", at: node)
      }
    } catch {
      problems.list += error.diagnostics
    }
    return Note(file: source.file, frontMatter: values, markdown: markdown, firstLine: end + 2)
  }
}
