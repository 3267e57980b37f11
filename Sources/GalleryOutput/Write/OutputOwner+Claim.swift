import Foundation
import GalleryCore

/// Taking the output before a build writes anything: whether it may, the lock,
/// and the clean-up after a killed build.
extension OutputOwner {
  /// The output's lock, held until the build is done, and what sorting out a
  /// killed build's leftovers had to say.
  struct Claim {
    let lock: FolderLock
    var warnings: [Diagnostic] = []
  }

  /// Makes sure the build may write its output (`OutputFolder`) and that the
  /// cache it prunes is the site's own, then takes the output's lock, waiting
  /// for another build of the same folder to finish, and finishes whatever a
  /// killed build left beside it (`FolderSwap.recover`), so the user's `.git`
  /// is back in place even when this build writes nothing.
  func claim() throws(DiagnosticsError) -> Claim {
    // The site's own cache, when the build uses it (preview's lies elsewhere).
    if options.cacheFolder == nil { try fileSystem.checkSiteCache(options.siteRoot) }
    try check()
    let lock: FolderLock
    do {
      // flock(2) on the folder that holds the output: the output itself is
      // replaced by every build.
      let parent = (path as NSString).deletingLastPathComponent
      try fileSystem.createFolder(parent)
      lock = try fileSystem.lock(parent) {
        options.notice?("another catgallery build is writing \(path); waiting for it to finish")
      }
    } catch {
      throw DiagnosticsError([.error("cannot lock \(path) for writing (\(OSReason.describe(error)))")])
    }
    if options.target.live != nil {
      do {
        try fileSystem.createFolder(path)
      } catch {
        throw DiagnosticsError([.error("cannot create \(path) (\(OSReason.describe(error)))")])
      }
      return Claim(lock: lock)
    }
    do {
      let warnings = try FolderSwap(output: path, fileSystem: fileSystem).recover()
      return Claim(lock: lock, warnings: warnings.map { .warning($0) })
    } catch {
      throw DiagnosticsError([
        .error("cannot tidy up after an interrupted build of \(path) (\(OSReason.describe(error)))")
      ])
    }
  }

  /// Whether the build may replace (or, live, update) the output (`OutputFolder`).
  private func check() throws(DiagnosticsError) {
    let root = ProtectedFolders.normalise(options.siteRoot)
    // What vouches for a folder without the marker (serve's and preview's own
    // folders, an output an earlier version recorded) lives in the site's
    // cache, which a cloned repository controls: it counts only for a folder
    // that really lies inside the site, never one a link leads out to.
    let known = ProtectedFolders.inside(path, root) && (options.ownsOutput || isRecorded)
    if options.target.live != nil, !ProtectedFolders.inside(path, root) {
      // Updated in place, file by file: only ever a folder of the site's own.
      throw DiagnosticsError([
        .error("refusing to update \(path) in place: it lies outside the site (a link leads there)")
      ])
    }
    var protected = OutputFolder.Protected(
      siteRoot: options.siteRoot, cacheFolder: cache.folder, home: options.home, readOnly: options.readOnlyFolders)
    protected.ownFolder = options.ownsOutput
    do {
      try folder.check(protecting: protected, known: known, force: options.force, in: fileSystem)
    } catch {
      throw DiagnosticsError([.error(error.description)])
    }
  }
}
