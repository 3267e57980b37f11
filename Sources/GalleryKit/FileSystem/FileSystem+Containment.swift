import Foundation

/// Whether a path about to be written or removed stays inside a folder, links
/// resolved: the check made before a write that must not leave the site.
extension FileSystem {
  /// True when `path` is not a link itself and the nearest of it and its
  /// parents that exists resolves inside `folder` (links resolved too). A
  /// folder swapped for a link out, at any level, makes it false.
  func staysWithin(_ path: String, _ folder: String) -> Bool {
    guard let root = entry(at: folder).realPath else { return false }
    if entry(at: path).isLink { return false }
    var current = path
    while true {
      let found = entry(at: current)
      if found.kind != .missing {
        guard let real = found.realPath else { return false }
        return Path.isWithin(real, root)
      }
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty { return false }
      current = parent
    }
  }
}
