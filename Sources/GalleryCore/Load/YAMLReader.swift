import Foundation
import Yams

/// Reads YAML (site.yml, front matter) into `Node`s with line and column.
/// Aliases may add at most `TextLimits.aliasValues` values in all and
/// collections nest at most `TextLimits.depth` levels; beyond either the text
/// is refused with an error at the alias or the value that goes too far.
package enum YAMLReader {
  static let depthMessage = "YAML nested deeper than \(TextLimits.depth) levels"

  /// Parses `text`; `lineOffset` shifts lines for YAML embedded in a larger file.
  package static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(DiagnosticsError)
    -> Node
  {
    if let overflow = YAMLAliasBudget.overflow(in: text) {
      let mark = overflow.mark
      throw DiagnosticsError([
        .error(
          "alias *\(overflow.name) takes the YAML past \(TextLimits.aliasValues) values after expansion (the limit against alias bombs)",
          at: SourceLocation(file: file, line: mark.map { $0.line + lineOffset }, column: mark?.column))
      ])
    }
    let composed: Yams.Node?
    do {
      composed = try Yams.compose(yaml: text)
    } catch let error as YamlError {
      throw DiagnosticsError([describe(error, file: file, lineOffset: lineOffset)])
    } catch {
      throw DiagnosticsError([.error("invalid YAML", at: SourceLocation(file: file))])
    }
    guard let composed else {
      return Node(.dictionary([]), at: SourceLocation(file: file, line: lineOffset + 1))
    }
    return try convert(composed, file: file, lineOffset: lineOffset, depth: 0)
  }

  private static func describe(_ error: YamlError, file: String, lineOffset: Int) -> Diagnostic {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      // libyaml stops at 1000 levels with a message naming its own C function.
      let message = problem.hasPrefix("Maximum nesting level") ? depthMessage : "invalid YAML: \(problem)"
      return .error(message, at: SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column))
    case .reader(let problem, _, _, _):
      return .error("invalid YAML: \(problem)", at: SourceLocation(file: file))
    default:
      return .error("invalid YAML", at: SourceLocation(file: file))
    }
  }

  /// `node` as a `Node`; `depth` counts the collections around it.
  private static func convert(_ node: Yams.Node, file: String, lineOffset: Int, depth: Int) throws(DiagnosticsError)
    -> Node
  {
    let location = SourceLocation(
      file: file, line: node.mark.map { $0.line + lineOffset }, column: node.mark?.column)
    switch node {
    case .scalar(let scalar):
      // Quoted scalars are always strings; plain ones resolve as YAML 1.1 core types.
      if scalar.style != .plain { return Node(.string(scalar.string), at: location) }
      if node.null != nil { return Node(.null, at: location) }
      if let value = node.bool { return Node(.bool(value), at: location) }
      if let value = node.int { return Node(.integer(value), at: location) }
      if let value = node.float { return Node(.double(value), at: location) }
      return Node(.string(scalar.string), at: location)
    case .mapping(let mapping):
      guard depth < TextLimits.depth else { throw DiagnosticsError([.error(depthMessage, at: location)]) }
      var pairs: [(key: String, value: Node)] = []
      for pair in mapping {
        pairs.append(
          (pair.key.string ?? "", try convert(pair.value, file: file, lineOffset: lineOffset, depth: depth + 1)))
      }
      return Node(.dictionary(pairs), at: location)
    case .sequence(let sequence):
      guard depth < TextLimits.depth else { throw DiagnosticsError([.error(depthMessage, at: location)]) }
      var items: [Node] = []
      for item in sequence {
        items.append(try convert(item, file: file, lineOffset: lineOffset, depth: depth + 1))
      }
      return Node(.array(items), at: location)
    case .alias:
      return Node(.null, at: location)
    }
  }
}
