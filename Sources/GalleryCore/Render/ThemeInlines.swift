import Foundation

/// The theme's assets written into a page rather than linked: the 404 page's.
/// A static host serves that one file for every missing address at any depth,
/// where its relative links to assets/ would point nowhere, so it carries its
/// stylesheet, icons and favicon within itself.
package struct ThemeInlines: Sendable, Hashable {
  /// The stylesheet without its comments, safe inside `<style>`.
  package var css: String
  /// The icons' `<symbol>`s in an `<svg>` of no size, for `<use href="#name">`.
  package var sprite: String
  /// Favicons as `data:` URLs, by file name in assets/.
  package var favicons: [String: String]

  package init(theme: Theme) {
    let text = { (path: String) in theme.files[path].map { String(decoding: $0, as: UTF8.self) } ?? "" }
    // "</style" would end the element early; "<\/style" reads the same in CSS.
    css = Self.withoutComments(text("assets/site.css"))
      .replacingOccurrences(of: "</style", with: "<\\/style", options: .caseInsensitive)
    sprite = Self.sprite(text("assets/icons.svg"))
    var favicons: [String: String] = [:]
    for (path, data) in theme.files
    where path.hasPrefix("assets/") && path.hasSuffix(".svg") && path != "assets/icons.svg" {
      favicons[String(path.dropFirst("assets/".count))] = "data:image/svg+xml;base64," + data.base64EncodedString()
    }
    self.favicons = favicons
  }

  /// `css` without its `/* … */` comments, which are for the theme's readers,
  /// not for its visitors (a comment's opening inside a string stays).
  static func withoutComments(_ css: String) -> String {
    var result = ""
    var quote: Character?
    var index = css.startIndex
    while index < css.endIndex {
      let character = css[index]
      if let open = quote {
        if character == "\\", css.index(after: index) < css.endIndex {
          result.append(character)
          index = css.index(after: index)
          result.append(css[index])
        } else {
          result.append(character)
          if character == open { quote = nil }
        }
      } else if character == "\"" || character == "'" {
        quote = character
        result.append(character)
      } else if css[index...].hasPrefix("/*") {
        guard let end = css[css.index(index, offsetBy: 2)...].range(of: "*/") else { break }
        index = end.upperBound
        // A comment on lines of its own leaves no blank line behind.
        if result.isEmpty || result.hasSuffix("\n"), index < css.endIndex, css[index] == "\n" {
          index = css.index(after: index)
        }
        continue
      } else {
        result.append(character)
      }
      index = css.index(after: index)
    }
    return result
  }

  /// What lies inside the sprite file's outer `<svg>`, in an `<svg>` that
  /// takes no room (its symbols draw only where a `<use>` places them).
  static func sprite(_ file: String) -> String {
    guard let open = file.range(of: "<svg"), let openEnd = file[open.upperBound...].firstIndex(of: ">"),
      let close = file.range(of: "</svg>", options: .backwards), openEnd < close.lowerBound
    else { return "" }
    let symbols = file[file.index(after: openEnd)..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    return "<svg aria-hidden=\"true\" style=\"position:absolute;width:0;height:0;overflow:hidden\">"
      + symbols + "</svg>"
  }

  /// The values a page's template reads as `inline.css`, `inline.sprite` and
  /// `inline.favicon`, with the favicon of `favicon` (a file in assets/).
  func values(favicon: String) -> [String: Any] {
    ["css": css, "sprite": sprite, "favicon": favicons[favicon] ?? ""]
  }
}
