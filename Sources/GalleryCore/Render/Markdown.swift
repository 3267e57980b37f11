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
    let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
    let bytes = Array(note.markdown.utf8)
    guard let document = cmark_parse_document(bytes, bytes.count, options) else {
      return Output(html: "", diagnostics: [.error("cannot parse Markdown", at: SourceLocation(file: note.file))])
    }
    defer { cmark_node_free(document) }
    let diagnostics = inspect(document, note: note, headingShift: headingShift)
    guard let rendered = cmark_render_html(document, options) else {
      return Output(html: "", diagnostics: diagnostics)
    }
    defer { free(rendered) }
    return Output(html: String(cString: rendered), diagnostics: diagnostics)
  }

  /// Walks the tree once: shifts headings and reports what safe mode will drop.
  private static func inspect(_ document: OpaquePointer, note: Note, headingShift: Int) -> [Diagnostic] {
    guard let iterator = cmark_iter_new(document) else { return [] }
    defer { cmark_iter_free(iterator) }
    var diagnostics: [Diagnostic] = []
    func location(_ node: OpaquePointer) -> SourceLocation {
      SourceLocation(
        file: note.file, line: Int(cmark_node_get_start_line(node)) + note.firstLine - 1,
        column: Int(cmark_node_get_start_column(node)))
    }
    while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
      guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
      switch cmark_node_get_type(node) {
      case CMARK_NODE_HEADING:
        let level = Int(cmark_node_get_heading_level(node))
        cmark_node_set_heading_level(node, Int32(min(6, level + headingShift)))
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
    return diagnostics
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
