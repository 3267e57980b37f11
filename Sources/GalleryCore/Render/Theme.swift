import Foundation

/// The templates and assets a build uses: the built-in theme carried by the
/// binary, overlaid file by file with the site's own templates/.
package struct Theme: Sendable {
  /// Relative path under templates/ → bytes.
  package var files: [String: Data]
  /// Paths that came from the site rather than the built-in theme.
  var overridden: Set<String>

  /// The built-in theme, decoded from the embedded copy of templates/.
  static var builtIn: Theme {
    var files: [String: Data] = [:]
    for (path, base64) in EmbeddedTheme.files {
      files[path] = Data(base64Encoded: base64)
    }
    return Theme(files: files, overridden: [])
  }

  /// The built-in theme with `site` files replacing those of the same path.
  package static func merged(site: [String: Data]) -> Theme {
    var theme = builtIn
    for (path, data) in site {
      theme.files[path] = data
      theme.overridden.insert(path)
    }
    return theme
  }

  /// Mustache templates by name: `partials/picture.mustache` → `picture`.
  package var templates: [(name: String, path: String, text: String)] {
    files.keys.sorted().compactMap { path in
      guard path.hasSuffix(".mustache"), let data = files[path] else { return nil }
      let name = String(path.split(separator: "/").last?.dropLast(".mustache".count) ?? "")
      return (name, path, String(decoding: data, as: UTF8.self))
    }
  }

  /// Files copied to the output (CSS, JS, icons), by output path. Stylesheets
  /// lose their comments, which are for the theme's readers, not for every
  /// visitor's download (the scripts come minified from ThemeEmbedder).
  var assets: [(path: String, data: Data)] {
    files.keys.sorted().compactMap { path in
      guard path.hasPrefix("assets/"), let data = files[path] else { return nil }
      guard path.hasSuffix(".css") else { return (path, data) }
      return (path, Data(ThemeInlines.withoutComments(String(decoding: data, as: UTF8.self)).utf8))
    }
  }
}
