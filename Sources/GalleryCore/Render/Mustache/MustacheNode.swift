/// One piece of a compiled template: what swift-mustache's parser made of the
/// text, with every name split into its key path once, so rendering a page
/// never parses or splits a name again.
indirect enum MustacheNode: Sendable {
  /// Literal text, already UTF-8.
  case text([UInt8])
  /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (not escaped).
  case variable(MustacheName, escaped: Bool)
  /// `{{#name}}…{{/name}}` or, inverted, `{{^name}}…{{/name}}`.
  case section(MustacheName, [MustacheNode], inverted: Bool)
  /// `{{$name}}default{{/name}}` in a parent: the child's override or the default.
  case block(String, default: [MustacheNode], indentation: [UInt8]?)
  /// `{{> name}}`, or `{{< name}}` with the child's block overrides.
  case partial(String, indentation: [UInt8]?, overrides: [String: [MustacheNode]]?)
  /// A `{{% CONTENT_TYPE: … }}` pragma: whether `{{name}}` escapes from here on.
  case escaping(Bool)
}

/// A tag's name, split where swift-mustache splits it when it renders.
struct MustacheName: Sendable, Equatable {
  /// Where the first key is looked up.
  enum Scope: Sendable, Equatable {
    /// `.`: the current value itself.
    case current
    /// `.a.b`: the current value only, never the values around it.
    case top
    /// `a.b`: the first key up the context stack, the rest within what it found.
    case stack
  }

  var scope: Scope
  var keys: [String]
  /// `empty(x)` is `["empty"]`; applied innermost first, as swift-mustache does.
  var transforms: [String] = []

  init(_ name: String, transforms: [String] = []) {
    if name == "." {
      scope = .current
    } else {
      scope = name.first == "." ? .top : .stack
    }
    keys = scope == .current ? [] : name.split(separator: ".").map(String.init)
    self.transforms = transforms
  }
}
