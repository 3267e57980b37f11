import JSMinifier

/// The theme's scripts, made from the parts in templates/js/. Every part directly
/// in js/ goes into assets/site.js: core.js first (it holds what the others share),
/// then the rest in name order, inside one strict-mode function and minified, so
/// readable parts stay within the theme's size budget. A part in js/lazy/ is a
/// script of its own, assets/<name>.js, minified the same way, which site.js
/// loads only when a page first needs it (search, when its box is used).
enum ScriptBundle {
  static let folder = "js/"
  static let lazyFolder = folder + "lazy/"
  static let output = "assets/site.js"
  static let core = folder + "core.js"

  static func isPart(_ path: String) -> Bool {
    path.hasPrefix(folder) && path.hasSuffix(".js")
  }

  /// The asset a lazy part becomes, or nil for a part of site.js.
  static func lazyOutput(_ path: String) -> String? {
    guard path.hasPrefix(lazyFolder) else { return nil }
    return "assets/" + path.dropFirst(lazyFolder.count)
  }

  static func join(_ parts: [(path: String, text: String)]) -> String {
    let ordered = parts.sorted { ($0.path == core ? 0 : 1, $0.path) < ($1.path == core ? 0 : 1, $1.path) }
    let body = ordered.map { ScriptMinifier.minify($0.text) }.joined(separator: "\n")
    return wrap(body)
  }

  /// A lazy part alone, minified in its own strict-mode function.
  static func single(_ text: String) -> String {
    wrap(ScriptMinifier.minify(text))
  }

  private static func wrap(_ body: String) -> String {
    "(()=>{'use strict';\n" + body + "\n})();\n"
  }
}
