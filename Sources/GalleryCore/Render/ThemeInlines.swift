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
    // Over UTF-8 bytes: quotes, backslashes and comment marks are ASCII, and a
    // rebuild under `serve` strips the stylesheets every time.
    let bytes = Array(css.utf8)
    let (slash, star, backslash, newline) = (
      UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\\"), UInt8(ascii: "\n")
    )
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var quote: UInt8?
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        result.append(byte)
        if byte == backslash, index + 1 < bytes.count {
          index += 1
          result.append(bytes[index])
        } else if byte == open {
          quote = nil
        }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
        result.append(byte)
      } else if byte == slash, index + 1 < bytes.count, bytes[index + 1] == star {
        var end = index + 2
        while end + 1 < bytes.count, !(bytes[end] == star && bytes[end + 1] == slash) { end += 1 }
        guard end + 1 < bytes.count else { break }
        index = end + 2
        // A comment on lines of its own leaves no blank line behind.
        if result.isEmpty || result.last == newline, index < bytes.count, bytes[index] == newline { index += 1 }
        continue
      } else {
        result.append(byte)
      }
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
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
