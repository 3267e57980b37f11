import Foundation
import GalleryCore

/// The albums' zips in the cache, each under `<album slug>.<hash>.zip`: made
/// once per content, then linked into every output that shows the album.
extension DerivativeCache {
  package var archives: String { folder + "/archives" }

  package func path(of archive: ArchiveJob) -> String { Path.join(archives, archive.fileName) }

  /// Puts a zip at its path below an output's `root`: a hard link costs no
  /// copy; a cache on another file system falls back to copying. A file
  /// already there (an in-place update of `serve`'s folder) is replaced in
  /// one rename, so a download never gets half of either.
  package func place(_ archive: ArchiveJob, below root: String) throws {
    let source = path(of: archive)
    let target = Path.join(root, archive.path)
    try fileSystem.createFolder((target as NSString).deletingLastPathComponent)
    let temporary = fileSystem.temporaryPath(for: target)
    do {
      try fileSystem.link(source, to: temporary)
      try fileSystem.move(temporary, to: target)
    } catch {
      try? fileSystem.remove(temporary)
      throw error
    }
  }

  /// Removes zips no album of this build needs, and the pieces a killed
  /// build left. Returns how many went. Only files named as a zip is
  /// (`isArchiveName`) are touched.
  package func pruneArchives(keeping keep: Set<String>) -> Int {
    prune(archives, keeping: keep, ours: Self.isArchiveName)
  }

  /// Removes from `folder` the files named as the cache names them there
  /// (`ours`) that `keep` does not hold, and the pieces a killed build left;
  /// anything else in the folder is not the cache's to delete. Returns how
  /// many went.
  func prune(_ folder: String, keeping keep: Set<String>, ours: (String) -> Bool) -> Int {
    fileSystem.removeStaleTemporaries(in: folder)
    var removed = 0
    for name in (try? fileSystem.entries(of: folder)) ?? [] where !keep.contains(name) && ours(name) {
      if (try? fileSystem.remove(Path.join(folder, name))) != nil { removed += 1 }
    }
    return removed
  }

  /// Whether `name` is one a cached zip has: `<slug>.<hash>.zip`.
  static func isArchiveName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[2] == "zip", !parts[0].isEmpty, parts[1].count == DerivativeName.hashLength else {
      return false
    }
    return parts[1].allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }
}
