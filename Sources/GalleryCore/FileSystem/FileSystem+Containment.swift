import Foundation

/// Whether a path about to be written or removed stays inside a folder, links
/// resolved: the check made before a write that must not leave the site.
extension FileSystem {
  /// True when `path` is not a link itself and it resolves inside `folder`,
  /// each resolved by `resolved(_:)`: a folder swapped for a link out, at any
  /// level, makes it false; a folder not made yet (a first fetch's
  /// content/photos/) does not.
  package func staysWithin(_ path: String, _ folder: String) -> Bool {
    guard let root = resolved(folder) else { return false }
    if entry(at: path).isLink { return false }
    guard let real = resolved(path) else { return false }
    return Path.isWithin(real, root)
  }

  /// The real path of the nearest of `path` and its parents that exists
  /// (every link resolved), with the missing rest appended as written; nil
  /// when that one is a link to nothing or a loop, or the missing rest
  /// holds `.` or `..`, which only the file system may resolve.
  func resolved(_ path: String) -> String? {
    var current = path
    var missing: [String] = []
    while true {
      let found = entry(at: current)
      if found.kind != .missing {
        guard let real = found.realPath else { return nil }
        return missing.reversed().reduce(real) { Path.join($0, $1) }
      }
      let name = (current as NSString).lastPathComponent
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty || name == "." || name == ".." { return nil }
      missing.append(name)
      current = parent
    }
  }
}
