import CCmark
import Foundation

/// Markdown through libcmark in its safe mode: raw HTML and dangerous links are
/// dropped, and each drop is reported at its line and column. The only Swift
/// file that touches libcmark.
package enum Markdown {
  package struct Output {
    package var html: String
    package var diagnostics: [Diagnostic]
  }

  /// Renders `note`; headings move down `headingShift` levels to nest under the
  /// page's own (a breed's notes sit under an h1 and an h2 "Notes").
  package static func html(_ note: Note, headingShift: Int) -> Output {
    html(note, droppingLead: false) { levels in levels.map { min(6, $0 + headingShift) } }
      ?? Output(html: "", diagnostics: [])
  }

  /// Renders `note` to sit under the page's heading of `level`, whatever
  /// levels its author began at: its headings keep their order of rank, the
  /// highest becomes `level + 1`, and none is more than one below the one
  /// before it (an album's `# Title` is an h2 under the page's h1, and a
  /// `###` straight after it an h3), so the page's outline has no gaps.
  /// With `droppingLead`, its first block is left out when it is a
  /// paragraph (the page shows that as its heading), and nothing is rendered
  /// (nil) when it is not.
  package static func html(_ note: Note, nestedBelow level: Int, droppingLead: Bool = false) -> Output? {
    html(note, droppingLead: droppingLead) { levels in
      let ranks = Dictionary(uniqueKeysWithValues: Set(levels).sorted().enumerated().map { ($1, $0) })
      var previous = level
      return levels.map { written in
        let nested = min(6, level + 1 + (ranks[written] ?? 0), previous + 1)
        previous = nested
        return nested
      }
    }
  }

  /// Renders `note` with its headings, in document order, at the levels
  /// `levels` gives for their written levels.
  private static func html(_ note: Note, droppingLead: Bool, levels: ([Int]) -> [Int]) -> Output? {
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
    let bytes = Array(note.markdown.utf8)
    guard let document = cmark_parse_document(bytes, bytes.count, options) else {
      return Output(html: "", diagnostics: [.error("cannot parse Markdown", at: SourceLocation(file: note.file))])
    }
    defer { cmark_node_free(document) }
    if droppingLead {
      guard let lead = cmark_node_first_child(document), cmark_node_get_type(lead) == CMARK_NODE_PARAGRAPH else {
        return nil
      }
      cmark_node_unlink(lead)
      cmark_node_free(lead)
    }
    let (diagnostics, headings) = inspect(document, note: note)
    for (heading, level) in zip(headings, levels(headings.map { Int(cmark_node_get_heading_level($0)) })) {
      cmark_node_set_heading_level(heading, Int32(level))
    }
    guard let rendered = cmark_render_html(document, options) else {
      return Output(html: "", diagnostics: diagnostics)
    }
    defer { free(rendered) }
    return Output(html: String(cString: rendered), diagnostics: diagnostics)
  }

  /// Walks the tree once: lists the headings in document order and reports
  /// what safe mode will drop.
  private static func inspect(_ document: OpaquePointer, note: Note) -> ([Diagnostic], [OpaquePointer]) {
    guard let iterator = cmark_iter_new(document) else { return ([], []) }
    defer { cmark_iter_free(iterator) }
    var diagnostics: [Diagnostic] = []
    var headings: [OpaquePointer] = []
    func location(_ node: OpaquePointer) -> SourceLocation {
      SourceLocation(
        file: note.file, line: Int(cmark_node_get_start_line(node)) + note.firstLine - 1,
        column: Int(cmark_node_get_start_column(node)))
    }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_HEADING:
        headings.append(node)
      case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
        diagnostics.append(.warning("raw HTML is not allowed in notes; it was left out", at: location(node)))
      case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
        let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        if !isSafe(url) {
          diagnostics.append(
            .warning("link \"\(url)\" is not a web, mail or relative link; it was left out", at: location(node)))
        }
      default:
        break
      }
    }
    return (diagnostics, headings)
  }

  /// Whether `markdown` is one paragraph of plain words, which its plain
  /// text (`plainText`) shows whole: no list, link, emphasis, hard line
  /// break, heading or second paragraph.
  package static func isPlain(_ markdown: String) -> Bool {
    let bytes = Array(markdown.utf8)
    guard let document = cmark_parse_document(bytes, bytes.count, CMARK_OPT_DEFAULT) else { return true }
    defer { cmark_node_free(document) }
    guard let iterator = cmark_iter_new(document) else { return true }
    defer { cmark_iter_free(iterator) }
    var paragraphs = 0
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_DOCUMENT, CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK: continue
      case CMARK_NODE_PARAGRAPH: paragraphs += 1
      default: return false
      }
    }
    return paragraphs <= 1
  }

  /// The words of `markdown` without its markup, whitespace tidied: every
  /// paragraph, joined by one space, or with `firstParagraph` only the first
  /// (headings skipped). Raw HTML and code blocks are left out. For a plain
  /// line from a Markdown text: a page's description, a photo's caption.
  package static func plainText(_ markdown: String, firstParagraph: Bool = false) -> String {
    let bytes = Array(markdown.utf8)
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
    guard let document = cmark_parse_document(bytes, bytes.count, options) else { return "" }
    defer { cmark_node_free(document) }
    guard let iterator = cmark_iter_new(document) else { return "" }
    defer { cmark_iter_free(iterator) }
    var paragraphs: [String] = []
    var words = ""
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      if event == CMARK_EVENT_ENTER {
        if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
          words += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
          words += " "
        }
      } else if event == CMARK_EVENT_EXIT, type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING {
        let text = Text.tidy(words)
        words = ""
        guard type == CMARK_NODE_PARAGRAPH || !firstParagraph, !text.isEmpty else { continue }
        if firstParagraph { return text }
        paragraphs.append(text)
      }
    }
    return paragraphs.joined(separator: " ")
  }

  /// Mirrors libcmark's own rule: javascript:, vbscript:, file: and data: are dropped.
  private static func isSafe(_ url: String) -> Bool {
    let lower = url.lowercased().trimmingCharacters(in: .whitespaces)
    return !["javascript:", "vbscript:", "file:", "data:"].contains { lower.hasPrefix($0) }
  }
}
