import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Builds a Node tree from XMLParser events for `PlistReader`, recording each
/// element's line. Stops at the first problem: `failure` says what and where.
final class XMLPlistBuilder: NSObject, XMLParserDelegate {
  let file: String
  var root: Node?
  var failure: Diagnostic?

  private enum Frame {
    case array(line: Int, items: [Node])
    case dictionary(line: Int, pairs: [(key: String, value: Node)], pendingKey: String?)
    case scalar(name: String, line: Int, text: String)
    case plist
  }
  private var stack: [Frame] = []
  /// Arrays and dictionaries open around the current element.
  private var depth = 0

  /// Where libxml2 stopped; read in the callback because the parser moves on.
  var errorLine: Int?
  var parseError: Error?

  init(file: String) { self.file = file }

  func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
    if errorLine == nil {
      errorLine = parser.lineNumber
      parseError = error
    }
  }

  private func location(_ line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }

  private func fail(_ message: String, line: Int, parser: XMLParser) {
    guard failure == nil else { return }
    failure = .error(message, at: location(line))
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let line = parser.lineNumber
    switch name {
    case "plist": stack.append(.plist)
    case "array", "dict":
      depth += 1
      // Stopped at once: a hostile file may nest tens of thousands of levels.
      guard depth <= TextLimits.depth else {
        fail(PlistReader.depthMessage, line: line, parser: parser)
        return
      }
      stack.append(
        name == "array" ? .array(line: line, items: []) : .dictionary(line: line, pairs: [], pendingKey: nil))
    case "key", "string", "integer", "real", "true", "false", "date", "data":
      stack.append(.scalar(name: name, line: line, text: ""))
    default: fail("unknown property-list element <\(name)>", line: line, parser: parser)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if case .scalar(let name, let line, let text) = stack.last {
      stack[stack.count - 1] = .scalar(name: name, line: line, text: text + string)
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard let frame = stack.popLast() else { return }
    switch frame {
    case .plist: return
    case .array(let line, let items):
      depth -= 1
      add(Node(.array(items), at: location(line)), parser: parser)
    case .dictionary(let line, let pairs, let pending):
      depth -= 1
      if let pending {
        fail("key \"\(pending)\" has no value", line: parser.lineNumber, parser: parser)
      }
      add(Node(.dictionary(pairs), at: location(line)), parser: parser)
    case .scalar(let name, let line, let text):
      if name == "key" {
        guard case .dictionary(let dictLine, let pairs, nil) = stack.last else {
          fail("<key> outside a <dict> or two keys in a row", line: line, parser: parser)
          return
        }
        stack[stack.count - 1] = .dictionary(line: dictLine, pairs: pairs, pendingKey: text)
        return
      }
      guard let value = scalar(name: name, text: text) else {
        fail("invalid <\(name)> value \"\(text)\"", line: line, parser: parser)
        return
      }
      add(Node(value, at: location(line)), parser: parser)
    }
  }

  private func scalar(name: String, text: String) -> NodeValue? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    switch name {
    case "string": return .string(text)
    case "integer": return Int(trimmed).map(NodeValue.integer)
    case "real": return Double(trimmed).map(NodeValue.double)
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "date": return (try? Date(trimmed, strategy: .iso8601)).map(NodeValue.date)
    case "data":
      return Data(base64Encoded: trimmed, options: .ignoreUnknownCharacters).map(NodeValue.data)
    default: return nil
    }
  }

  private func add(_ node: Node, parser: XMLParser) {
    switch stack.last {
    case .array(let line, var items)?:
      items.append(node)
      stack[stack.count - 1] = .array(line: line, items: items)
    case .dictionary(let line, var pairs, let pending?)?:
      pairs.append((pending, node))
      stack[stack.count - 1] = .dictionary(line: line, pairs: pairs, pendingKey: nil)
    case .dictionary?:
      fail("value without a <key> in a <dict>", line: node.location.line ?? 1, parser: parser)
    case .plist?, nil:
      if root == nil {
        root = node
      } else {
        fail("more than one root value", line: node.location.line ?? 1, parser: parser)
      }
    case .scalar?:
      fail("element nested inside a scalar value", line: node.location.line ?? 1, parser: parser)
    }
  }
}
