/// The parts of a relative path, by its slashes and dots, without Foundation's
/// `NSString` path methods (which trap on some short names on Linux).
extension Path {
  /// "c.jpg" for "a/b/c.jpg"; the path itself when it has no slash.
  package static func name(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  /// "a/b" for "a/b/c.jpg"; "" for a path without a slash.
  package static func parent(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
  }

  /// "IMG_1" for "IMG_1.jpg" (only the last extension goes; a name that
  /// starts with its only dot keeps it).
  package static func stem(of name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// "jpg" for "IMG_1.jpg", "" for a name without one.
  package static func pathExtension(of name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}
