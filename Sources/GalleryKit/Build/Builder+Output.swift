import Foundation

extension Builder {
  /// The output's lock, held until the build is done, and what sorting out a
  /// killed build's leftovers had to say.
  struct Claim {
    let lock: OutputLock
    var warnings: [Diagnostic] = []
  }

  /// Makes sure the build may write its output (`OutputFolder`) and that the
  /// cache it prunes is the site's own, then takes the output's lock, waiting
  /// for another build of the same folder to finish, and finishes whatever a
  /// killed build left beside it (`FolderSwap.recover`), so the user's `.git`
  /// is back in place even when this build writes nothing.
  func claimOutput(_ options: BuildOptions) throws(DiagnosticsError) -> Claim {
    let folder = OutputFolder(options.output)
    let cache = cache(options)
    if options.cacheFolder == nil {
      // A site's own cache is pruned by name: one that links elsewhere (a
      // hostile repository can commit `.cache/catgallery -> ~`) would have the
      // prune delete files there.
      let root = OutputFolder.normalise(options.siteRoot)
      for path in [cache.folder, cache.folder + "/derivatives"] where fileSystem.exists(path) {
        let real = OutputFolder.normalise(path)
        guard OutputFolder.inside(real, root) else {
          let relative = String(path.dropFirst(options.siteRoot.count + 1))
          throw DiagnosticsError([
            .error(
              "the cache folder links to \(real), outside the site; remove the link", at: SourceLocation(file: relative)
            )
          ])
        }
      }
    }
    let cachePath = OutputFolder.normalise(cache.folder)
    let known =
      options.ownsOutput || OutputFolder.inside(folder.path, cachePath)
      || BuildRecord.load(from: cache.buildRecord).map { OutputFolder.normalise($0.output) == folder.path } == true
      || fileSystem.exists(cache.outputRecord(for: folder.path))
    let protected = OutputFolder.Protected(
      siteRoot: options.siteRoot, cacheFolder: cache.folder, home: options.home, readOnly: options.readOnlyFolders)
    do {
      try folder.check(protecting: protected, known: known, force: options.force)
    } catch {
      throw DiagnosticsError([.error(error.description)])
    }
    let claim: Claim
    do {
      claim = Claim(lock: try OutputLock(output: folder.path) { message in options.notice?(message) })
    } catch {
      throw DiagnosticsError([.error("cannot lock \(folder.path) for writing (\(OSReason.describe(error)))")])
    }
    guard !options.inPlace else { return claim }
    do {
      let warnings = try FolderSwap(output: folder.path).recover()
      return Claim(lock: claim.lock, warnings: warnings.map { .warning($0) })
    } catch {
      throw DiagnosticsError([
        .error("cannot tidy up after an interrupted build of \(folder.path) (\(OSReason.describe(error)))")
      ])
    }
  }
}
