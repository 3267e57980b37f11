import Foundation

/// The folders no command may write into or replace, whatever the site: the
/// root, the home folder or what holds it, a git repository's .git folder, the
/// operating system's own. Checked by the output's owner and by `init`.
package enum ProtectedFolders {
  /// Folders of the operating system that are never an output, nor anything inside them.
  static let systemTrees = [
    "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/sbin", "/sys", "/usr",
    "/System", "/Library", "/Applications", "/private", "/nix", "/snap",
  ]
  /// Folders that are never an output themselves, though a site may live inside them
  /// (`/var/www/site`, `/tmp/x`, `/home/me/site/public`).
  static let systemFolders = [
    "/home", "/media", "/mnt", "/opt", "/root", "/run", "/srv", "/tmp", "/var", "/Users", "/Volumes",
    "/usr/local", "/var/www", "/var/lib", "/var/tmp",
  ]

  /// Absolute and with symlinks resolved, as far as the path exists.
  package static func normalise(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Whether `path` lies strictly inside `folder` (both normalised).
  package static func inside(_ path: String, _ folder: String) -> Bool {
    path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// Why `path` (normalised) is no place for anything catgallery writes,
  /// whatever the site: the root, the home folder or what holds it, a system folder.
  package static func reason(for path: String, home: String) -> String? {
    let home = normalise(home)
    if path == "/" { return "it is the root of the file system" }
    if path.split(separator: "/").contains(".git") { return "it is or lies inside a git repository's .git folder" }
    if path == home { return "it is your home folder" }
    if inside(home, path) { return "it holds your home folder" }
    if let tree = systemTrees.first(where: { inside(path, $0) || path == $0 }) {
      return "it is a system folder (\(tree))"
    }
    if systemFolders.contains(path) { return "it is a system folder" }
    return nil
  }
}
