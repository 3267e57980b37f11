import Foundation
import Yams

/// Reads YAML (site.yml, front matter) into `Node`s with line and column.
enum YAMLReader {
  /// Parses `text`; `lineOffset` shifts lines for YAML embedded in a larger file.
  static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(DiagnosticsError)
    -> Node
  {
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
    return convert(composed, file: file, lineOffset: lineOffset)
  }

  private static func describe(_ error: YamlError, file: String, lineOffset: Int) -> Diagnostic {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return .error(
        "invalid YAML: \(problem)",
        at: SourceLocation(file: file, line: mark.line + lineOffset, column: mark.column))
    case .reader(let problem, _, _, _):
      return .error("invalid YAML: \(problem)", at: SourceLocation(file: file))
    default:
      return .error("invalid YAML", at: SourceLocation(file: file))
    }
  }

  private static func convert(_ node: Yams.Node, file: String, lineOffset: Int) -> Node {
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
      let pairs = mapping.map { pair in
        (key: pair.key.string ?? "", value: convert(pair.value, file: file, lineOffset: lineOffset))
      }
      return Node(.dictionary(pairs), at: location)
    case .sequence(let sequence):
      return Node(
        .array(sequence.map { convert($0, file: file, lineOffset: lineOffset) }), at: location)
    case .alias:
      return Node(.null, at: location)
    }
  }
}
