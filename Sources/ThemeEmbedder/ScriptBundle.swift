import JSMinifier

/// The theme's assets/site.js, made from the parts in templates/js/: core.js first (it
/// holds what the others share), then the rest in name order, inside one strict-mode
/// function and minified, so readable parts stay within the theme's size budget.
enum ScriptBundle {
  static let folder = "js/"
  static let output = "assets/site.js"
  static let core = folder + "core.js"

  static func isPart(_ path: String) -> Bool {
    path.hasPrefix(folder) && path.hasSuffix(".js")
  }

  static func join(_ parts: [(path: String, text: String)]) -> String {
    let ordered = parts.sorted { ($0.path == core ? 0 : 1, $0.path) < ($1.path == core ? 0 : 1, $1.path) }
    let body = ordered.map { ScriptMinifier.minify($0.text) }.joined(separator: "\n")
    return "(()=>{'use strict';\n" + body + "\n})();\n"
  }
}
