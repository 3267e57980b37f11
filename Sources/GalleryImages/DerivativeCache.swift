import Foundation
import GalleryCore

/// Derivatives on disk, each under the one name it also has in public/images/,
/// plus each photo's placeholder colour and decoder warnings by source hash.
/// Freshness is decided by the hash in the name alone, so the cache survives
/// clones, and a renamed photo finds its work under its old name
/// (`adopt`); deleting the cache is always safe.
package struct DerivativeCache: Sendable {
  package let folder: String
  package let fileSystem: FileSystem
  package var derivatives: String { folder + "/derivatives" }
  package var placeholderFile: String { folder + "/placeholders.json" }
  /// The photo index as one file, as caches before issue 24 kept it: only
  /// read, to move it into `indexFolder`.
  package var indexFile: String { folder + "/photos.json" }
  /// The photo index, one file per photo folder (`DerivativeCache+Index`).
  package var indexFolder: String { folder + "/photos" }

  package init(folder: String, fileSystem: FileSystem) {
    self.folder = folder
    self.fileSystem = fileSystem
  }

  package func path(of derivative: Derivative) -> String { Path.join(derivatives, derivative.fileName) }

  package func has(_ derivative: Derivative) -> Bool {
    fileSystem.exists(path(of: derivative))
  }

  /// The cached files by the work they hold (`DerivativeName.work`), one name each.
  func filesByWork() -> [String: String] {
    var files: [String: String] = [:]
    for name in (try? fileSystem.entries(of: derivatives)) ?? [] {
      if let work = DerivativeName.work(of: name), files[work] == nil { files[work] = name }
    }
    return files
  }

  /// Gives a missing derivative its name by linking a cached file that holds
  /// the same work under another name: a renamed or copied photo, or a cache
  /// from before names carried the stem. True when the derivative is now cached.
  func adopt(_ derivative: Derivative, from files: [String: String]) -> Bool {
    guard let name = files[DerivativeName.work(of: derivative)], name != derivative.fileName else { return false }
    let target = path(of: derivative)
    if (try? fileSystem.link(Path.join(derivatives, name), to: target)) != nil { return true }
    return fileSystem.exists(target)
  }

  /// Puts a derivative into an output's images `folder`: a hard link costs no
  /// copy; a cache on another file system falls back to copying. A file
  /// already there (a thumbnail `preview` made on request) stays.
  package func place(_ derivative: Derivative, in folder: String) throws {
    let target = Path.join(folder, derivative.fileName)
    if fileSystem.exists(target) { return }
    try fileSystem.link(path(of: derivative), to: target)
  }

  /// A cache file that could not be saved: the build still stands, but every
  /// build after it does the same work again, so it is said, never swallowed.
  package func unsaved(_ path: String, _ what: String, _ error: Error) -> Diagnostic {
    .warning(
      "cannot save \(what) (\(OSReason.describe(error))); the next build will do this work again",
      at: SourceLocation(file: path))
  }

  /// Removes derivatives no job of this build needs, old-style `<hash>.<ext>`
  /// names included. Returns how many went. Only files named as a derivative
  /// is (`DerivativeName`) are touched: whatever else ended up in the folder is
  /// not the cache's to delete.
  package func prune(keeping keep: [Derivative]) -> Int {
    // The names kept as their hashes, 8 bytes each rather than a string: a
    // site of 20,000 photos keeps 160,000 names (issue 24). Two names with
    // one hash keep a stale file, never remove a needed one.
    var kept: Set<Int> = []
    kept.reserveCapacity(keep.count)
    for derivative in keep { kept.insert(derivative.fileName.hashValue) }
    return prune(keepingHashes: kept)
  }

  /// `prune(keeping:)` of the derivatives whose names' `hashValue`s are `kept`.
  package func prune(keepingHashes kept: Set<Int>) -> Int {
    let names = (try? fileSystem.entries(of: derivatives)) ?? []
    var removed = 0
    for name in names where !kept.contains(name.hashValue) && DerivativeName.work(of: name) != nil {
      if (try? fileSystem.remove(Path.join(derivatives, name))) != nil { removed += 1 }
    }
    return removed
  }
}
