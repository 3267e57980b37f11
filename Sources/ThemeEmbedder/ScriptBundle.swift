import JSMinifier

/// The theme's scripts, made from the parts in templates/js/ and minified, so readable
/// parts stay within the theme's size budget.
///
/// - assets/site.js, which every page loads: core.js first (it holds what the others
///   share), then the other parts at the top of js/ in name order, inside one
///   strict-mode function.
/// - assets/<folder>.js for each folder of js/ (js/viewer/ → assets/viewer.js), which a
///   part of site.js loads when it first needs it. Its parts, in name order, are handed
///   to site.js in a `catgallery:parts` event and run with the helpers core.js gives
///   them (the names in `laterHelpers`), as the parts of site.js do.
enum ScriptBundle {
  static let folder = "js/"
  static let output = "assets/site.js"
  static let core = folder + "core.js"
  /// What core.js hands to the parts of a bundle loaded later; keep the two in step.
  static let laterHelpers = [
    "siteRoot", "find", "findAll", "EASING", "prefersReducedMotion", "storage", "announce", "listen", "feature",
  ]

  static func isPart(_ path: String) -> Bool {
    path.hasPrefix(folder) && path.hasSuffix(".js")
  }

  /// Every bundle the parts make, by output path.
  static func bundles(_ parts: [(path: String, text: String)]) -> [(path: String, text: String)] {
    var groups: [String: [(path: String, text: String)]] = [:]
    for part in parts {
      let inside = part.path.dropFirst(folder.count).split(separator: "/")
      groups[inside.count > 1 ? String(inside[0]) : "", default: []].append(part)
    }
    return groups.keys.sorted().map { name in
      let group = groups[name] ?? []
      return name.isEmpty ? (output, join(group)) : ("assets/\(name).js", joinLater(group))
    }
  }

  static func join(_ parts: [(path: String, text: String)]) -> String {
    let ordered = parts.sorted { ($0.path == core ? 0 : 1, $0.path) < ($1.path == core ? 0 : 1, $1.path) }
    let body = ordered.map { ScriptMinifier.minify($0.text) }.joined(separator: "\n")
    return "(()=>{'use strict';\n" + body + "\n})();\n"
  }

  /// A bundle loaded later: its parts inside a function that core.js calls with its helpers.
  static func joinLater(_ parts: [(path: String, text: String)]) -> String {
    let body = parts.sorted { $0.path < $1.path }.map { ScriptMinifier.minify($0.text) }.joined(separator: "\n")
    let helpers = laterHelpers.joined(separator: ",")
    return "document.dispatchEvent(new CustomEvent('catgallery:parts',{detail:core=>{'use strict';\n"
      + "const{\(helpers)}=core;\n" + body + "\n}}));\n"
  }
}
