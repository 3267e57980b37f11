import Mustache

/// Turns a template parsed by swift-mustache into `MustacheNode`s. The parser
/// stays swift-mustache's, so standalone lines, indentation and error
/// positions are exactly what they were; only rendering is ours. swift-mustache
/// keeps its tokens internal, so they are read through `Mirror`: the package is
/// pinned, and `MustacheRendererTests` renders every built-in template both ways
/// and fails if the reading ever drifts.
enum MustacheCompiler {
  /// Why a template cannot be rendered by `MustacheRenderer`; such a set of
  /// templates is rendered by swift-mustache instead.
  struct Unsupported: Error {
    var construct: String
  }

  static func compile(_ template: MustacheTemplate) throws(Unsupported) -> [MustacheNode] {
    guard let tokens = field("tokens", of: template) as? [Any] else { throw Unsupported(construct: "template") }
    var nodes: [MustacheNode] = []
    for token in tokens {
      if let node = try compile(token: token) { nodes.append(node) }
    }
    return nodes
  }

  private static func compile(token: Any) throws(Unsupported) -> MustacheNode? {
    guard let (kind, payload) = Mirror(reflecting: token).children.first.map({ ($0.label ?? "", $0.value) }) else {
      throw Unsupported(construct: "token")
    }
    let values = Mirror(reflecting: payload).children.map(\.value)
    switch kind {
    case "text":
      guard let text = payload as? String else { throw Unsupported(construct: kind) }
      return .text(Array(text.utf8))
    case "variable", "unescapedVariable":
      return .variable(try name(values), escaped: kind == "variable")
    case "section", "invertedSection":
      guard values.count == 3, let template = values[2] as? MustacheTemplate else { throw Unsupported(construct: kind) }
      return .section(try name(values), try compile(template), inverted: kind == "invertedSection")
    case "blockExpansion":
      guard values.count == 3, let name = values[0] as? String, let template = values[1] as? MustacheTemplate else {
        throw Unsupported(construct: kind)
      }
      return .block(name, default: try compile(template), indentation: indentation(values[2]))
    case "partial":
      guard values.count == 3, let name = values[0] as? String else { throw Unsupported(construct: kind) }
      var overrides: [String: [MustacheNode]]?
      if let inherits = unwrap(values[2]) {
        guard let inherits = inherits as? [String: MustacheTemplate] else { throw Unsupported(construct: kind) }
        overrides = [:]
        for (block, template) in inherits { overrides?[block] = try compile(template) }
      }
      return .partial(name, indentation: indentation(values[1]), overrides: overrides)
    case "contentType":
      guard let type = payload as? MustacheContentType else { throw Unsupported(construct: kind) }
      // swift-mustache's HTML type and ours escape the same five characters.
      return .escaping(type.escapeText("<") != "<")
    default:
      // Dynamic partials (`{{>*name}}`), and block definitions outside a parent.
      throw Unsupported(construct: kind)
    }
  }

  /// A variable's or section's name and transforms.
  private static func name(_ values: [Any]) throws(Unsupported) -> MustacheName {
    guard values.count >= 2, let name = values[0] as? String, let transforms = values[1] as? [String] else {
      throw Unsupported(construct: "name")
    }
    // `first()` and the like without a name read the position in a list.
    guard !name.isEmpty || transforms.isEmpty else { throw Unsupported(construct: "transform of the list position") }
    return MustacheName(name, transforms: transforms)
  }

  private static func indentation(_ value: Any) -> [UInt8]? {
    (unwrap(value) as? String).map { Array($0.utf8) }
  }

  private static func field(_ label: String, of value: Any) -> Any? {
    Mirror(reflecting: value).children.first { $0.label == label }?.value
  }

  /// The value inside an `Optional` seen as `Any`, or nil.
  private static func unwrap(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return mirror.children.first?.value
  }
}
