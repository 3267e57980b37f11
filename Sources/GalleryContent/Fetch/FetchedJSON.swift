import Foundation
import GalleryCore

/// A JSON response, checked before anything is built on it: a JSON content
/// type, valid UTF-8, then the loader's own parser, so a syntax error is
/// reported like one in content/ but located at the URL
/// (`https://…/breeds:3:14: error: …`).
enum FetchedJSON {
  static func parse(_ response: NetworkResponse) throws(FetchProblem) -> Node {
    if let type = response.value(of: "Content-Type"), !isJSON(type) {
      throw .response(response.url, "expected JSON, got Content-Type \(type.prefix(80))")
    }
    // Refused rather than read with U+FFFD in place of the bad bytes: the
    // answer would be changed without anyone knowing.
    if let offset = invalidUTF8(in: response.body) {
      let before = response.body.prefix(offset)
      let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
      let column = offset - (before.lastIndex(of: 0x0A).map { $0 - before.startIndex + 1 } ?? 0) + 1
      let location = SourceLocation(file: NetworkRequest.redacted(response.url), line: line, column: column)
      throw FetchProblem([
        .error(
          "invalid UTF-8 at byte offset \(offset) (0x\(String(format: "%02X", response.body[response.body.startIndex + offset]))); the answer is refused rather than changed",
          at: location)
      ])
    }
    do {
      return try JSONReader.parse(response.body, file: NetworkRequest.redacted(response.url))
    } catch {
      throw FetchProblem(error.diagnostics)
    }
  }

  /// The offset of the first byte that is not valid UTF-8, or nil.
  static func invalidUTF8(in data: Data) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &bytes) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  /// `application/json`, `text/json` or any `+json` type, parameters ignored.
  static func isJSON(_ contentType: String) -> Bool {
    let type =
      contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    return type == "application/json" || type == "text/json" || type.hasSuffix("+json")
  }

  /// The array at the top of `node`, or an error with the JSON path.
  static func array(_ node: Node, in url: URL, what: String) throws(FetchProblem) -> [Node] {
    guard let items = node.array else {
      throw .response(url, "expected \(what) as an array, found \(node.kindDescription)", path: "$")
    }
    return items
  }

  /// The non-empty string `key` of the object `node`, whose JSON path is `path`.
  static func string(_ key: String, of node: Node, in url: URL, path: String) throws(FetchProblem) -> String {
    guard node.isDictionary else {
      throw .response(url, "expected an object, found \(node.kindDescription)", path: path)
    }
    guard let value = node[key] else { throw .response(url, "missing \"\(key)\"", path: path) }
    guard case .string(let text) = value.value, !text.isEmpty else {
      throw .response(
        url, "\"\(key)\" must be a non-empty string, found \(value.kindDescription)", path: "\(path).\(key)")
    }
    return text
  }

  /// Errors from the model's own reading of fetched data: what the build
  /// would refuse is refused now, before it replaces a working file.
  static func check(_ diagnostics: DiagnosticCollector) throws(FetchProblem) {
    let errors = diagnostics.list.filter { $0.severity == .error }
    if !errors.isEmpty { throw FetchProblem(errors) }
  }
}
