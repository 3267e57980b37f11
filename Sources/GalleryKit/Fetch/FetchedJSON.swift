import Foundation

/// A JSON response, checked before anything is built on it: a JSON content
/// type, then the loader's own parser, so a syntax error is reported like one
/// in content/ but located at the URL (`https://…/breeds:3:14: error: …`).
enum FetchedJSON {
  static func parse(_ response: NetworkResponse) throws(FetchProblem) -> Node {
    if let type = response.value(of: "Content-Type"), !isJSON(type) {
      throw .response(response.url, "expected JSON, got Content-Type \(type.prefix(80))")
    }
    do {
      return try JSONReader.parse(response.body, file: NetworkRequest.redacted(response.url))
    } catch {
      throw FetchProblem(error.diagnostics)
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
