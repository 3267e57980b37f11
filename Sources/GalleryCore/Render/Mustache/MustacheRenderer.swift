import Mustache

/// Renders compiled templates into one growing buffer of UTF-8 bytes, with
/// swift-mustache's semantics (its `Template+Render.swift`): the same context
/// stack, truthiness, transforms, partial indentation and block overrides.
struct MustacheRenderer {
  /// What a template renders with besides the context stack (swift-mustache's `MustacheContext`).
  struct Scope {
    /// Put before every line a partial or block starts, when it stands alone on an indented line.
    var indentation: [UInt8]?
    /// The block overrides of the children being rendered; the outermost child's win.
    var inherited: [String: [MustacheNode]]?
    var escapes = true
  }

  let templates: [String: [MustacheNode]]
  var bytes: [UInt8] = []
  var stack: [Any]

  init(templates: [String: [MustacheNode]], context: Any, capacity: Int = 16_384) {
    self.templates = templates
    stack = [context]
    bytes.reserveCapacity(capacity)
  }

  /// Renders `nodes` as one template, which matters for indentation: swift-mustache
  /// indents a node's output only when this template's own output so far ends a line.
  mutating func render(_ nodes: [MustacheNode], scope: Scope) {
    var scope = scope
    guard let indentation = scope.indentation, !indentation.isEmpty else {
      for node in nodes { render(node, scope: &scope) }
      return
    }
    let start = bytes.count
    for node in nodes {
      let before = bytes.count
      let endsLine = endsLine(from: start)
      render(node, scope: &scope)
      if endsLine, bytes.count > before { bytes.insert(contentsOf: indentation, at: before) }
    }
  }

  private mutating func render(_ node: MustacheNode, scope: inout Scope) {
    switch node {
    case .text(let text):
      bytes.append(contentsOf: text)
    case .variable(let name, let escaped):
      if let value = lookup(name) { append(value, escaped: escaped && scope.escapes) }
    case .section(let name, let nodes, let inverted):
      let value = lookup(name)
      if inverted { renderInverted(value, nodes, scope: scope) } else { renderSection(value, nodes, scope: scope) }
    case .block(let name, let nodes, let indentation):
      var inner = scope
      inner.indentation = Self.indent(scope.indentation, by: indentation)
      render(scope.inherited?[name] ?? nodes, scope: inner)
    case .partial(let name, let indentation, let overrides):
      guard let nodes = templates[name] else { return }
      var inner = Scope(indentation: Self.indent(scope.indentation, by: indentation), inherited: scope.inherited)
      if let overrides {
        inner.inherited = scope.inherited?.merging(overrides) { outer, _ in outer } ?? overrides
      }
      render(nodes, scope: inner)
    case .escaping(let escapes):
      scope.escapes = escapes
    }
  }

  private mutating func renderSection(_ value: Any?, _ nodes: [MustacheNode], scope: Scope) {
    switch value {
    case let flag as Bool:
      if flag { render(nodes, scope: scope) }
    case .some(let value):
      if let items = Self.items(value) {
        for item in items { render(nodes, scope: scope, with: item) }
      } else {
        render(nodes, scope: scope, with: value)
      }
    case .none:
      break
    }
  }

  private mutating func renderInverted(_ value: Any?, _ nodes: [MustacheNode], scope: Scope) {
    switch value {
    case let flag as Bool:
      if !flag { render(nodes, scope: scope) }
    case .some(let value):
      // An empty list is pushed, as swift-mustache does.
      if let items = Self.items(value), items.isEmpty { render(nodes, scope: scope, with: value) }
    case .none:
      render(nodes, scope: scope)
    }
  }

  private mutating func render(_ nodes: [MustacheNode], scope: Scope, with value: Any) {
    stack.append(value)
    render(nodes, scope: scope)
    stack.removeLast()
  }

  /// Whether the output since `start` ends with a line feed that is a
  /// Character of its own (not the end of "\r\n"), as `String.last == "\n"` asks.
  private func endsLine(from start: Int) -> Bool {
    let end = bytes.count
    guard end > start, bytes[end - 1] == UInt8(ascii: "\n") else { return false }
    return end - 1 == start || bytes[end - 2] != UInt8(ascii: "\r")
  }

  private static func indent(_ outer: [UInt8]?, by inner: [UInt8]?) -> [UInt8]? {
    guard let inner else { return outer }
    return (outer ?? []) + inner
  }
}
