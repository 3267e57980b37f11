import Foundation

/// Paths between pages. A page's path is from the site root: a folder ending
/// in `/` ("breeds/abys/", "" for the home page) or a file ("404.html"). All
/// links are relative, so public/ works from any sub-path.
enum PagePath {
  /// The link from the page at `page` to the page at `target`: up out of
  /// `page`'s folder as far as the folder the two share, then down to
  /// `target`, each segment percent-encoded. The one function that climbs
  /// folders; every other relative link is made by it or from `root(of:)`.
  static func relative(from page: String, to target: String) -> String {
    let from = folder(of: page)
    let to = folder(of: target)
    let file = isFolder(target) ? nil : segments(of: target).last.map(String.init)
    let shared = zip(from, to).prefix { $0 == $1 }.count
    let link =
      String(repeating: "../", count: from.count - shared)
      + to.dropFirst(shared).map { segment(String($0)) + "/" }.joined() + (file.map(segment) ?? "")
    // An empty link is the page itself; a file's link to its own folder is not.
    return link.isEmpty && !isFolder(page) ? "./" : link
  }

  /// The prefix from the page at `path` to the site root ("", "../",
  /// "../../"), which the page's links to other pages and assets start with.
  static func root(of path: String) -> String {
    // `relative(from: path, to: "")` without its arrays: one "../" per
    // folder segment, a segment being one that a `/` ends (a file name
    // after the last `/` is none). Every view model asks for it.
    var depth = 0
    var inSegment = false
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        if inSegment { depth += 1 }
        inSegment = false
      } else {
        inSegment = true
      }
    }
    return String(repeating: "../", count: depth)
  }

  /// `text` as one segment of a URL path: `/`, `?`, `#` and `%` are escaped
  /// along with everything a path may not hold.
  static func segment(_ text: String) -> String {
    // Slugs are letters, digits and dashes, which need no escape: this is
    // called for every link of every page.
    if text.utf8.allSatisfy(isPlain) { return text }
    return text.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? text
  }

  private static let segmentAllowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#%"))

  /// An ASCII letter, digit, `-`, `.`, `_` or `~`: unreserved in any part of a URL.
  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func isFolder(_ path: String) -> Bool { path.isEmpty || path.hasSuffix("/") }

  /// The folders of the page at `path`, from the site root.
  private static func folder(of path: String) -> ArraySlice<Substring> {
    let segments = segments(of: path)
    return isFolder(path) ? segments[...] : segments.dropLast()
  }

  /// The non-empty parts of `path` between its `/`s. Split on the UTF-8
  /// bytes: `String.split` walks Characters (grapheme breaking), which was
  /// most of what planning and linking 10,000 pages cost. `/` is ASCII, so
  /// every cut is a character boundary and the parts are what it gives.
  private static func segments(of path: String) -> [Substring] {
    var segments: [Substring] = []
    var start = path.utf8.startIndex
    var index = start
    while index < path.utf8.endIndex {
      if path.utf8[index] == UInt8(ascii: "/") {
        if start < index { segments.append(path[start..<index]) }
        start = path.utf8.index(after: index)
      }
      index = path.utf8.index(after: index)
    }
    if start < path.utf8.endIndex { segments.append(path[start..<path.utf8.endIndex]) }
    return segments
  }
}
