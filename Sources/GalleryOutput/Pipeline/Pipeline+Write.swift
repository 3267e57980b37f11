import Foundation
import GalleryCore
import GalleryImages

/// The Write stage and the cache's upkeep after it.
extension Pipeline {
  /// The photo index of `source` saved when it differs from `index`, the one
  /// it was loaded with: only the folders whose entries changed are written.
  /// A cache from before the index's folder has it written whole. A warning
  /// when it cannot be saved.
  /// A live site keeps it in memory too (`LiveState.photoIndex`), so its next
  /// rebuild need not decode it.
  func keepIndex(_ source: SiteSource, index: PhotoIndex?, cache: DerivativeCache, live: LiveState? = nil)
    -> [Diagnostic]
  {
    let newIndex = PhotoIndex.from(source.photos)
    live?.photoIndex.set(newIndex)
    guard newIndex != index || !cache.fileSystem.isDirectory(cache.indexFolder) else { return [] }
    do {
      try cache.save(index: newIndex, previous: index)
      return []
    } catch {
      return [cache.unsaved(cache.indexFolder, "the photo index", error)]
    }
  }

  /// Write for a live site: the output's owner updates it in place
  /// (`OutputOwner.update`). Nil when it failed.
  func update(_ files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob], output: OutputOwner)
    -> (OutputOwner.Written?, [Diagnostic])
  {
    do {
      return (try output.update(files, derivatives: derivatives, archives: archives), [])
    } catch {
      return (nil, [.error(error.description)])
    }
  }

  /// Write, the end of a staged build: the derivatives and zips linked in and
  /// the staging folder swapped in (`OutputOwner.install`). Nil when it failed.
  func install(_ staged: inout StagingFolder, derivatives: [Derivative], archives: [ArchiveJob], output: OutputOwner)
    -> (OutputOwner.Written?, [Diagnostic])
  {
    do {
      return try output.install(&staged, derivatives: derivatives, archives: archives)
    } catch {
      return (nil, [.error(error.description)])
    }
  }

  /// After a successful write: the photo index of `source` saved when it
  /// changed (nil: saved already, `keepIndex`), and derivatives, zips and
  /// clips' posters no job needs pruned (not while images are deferred: the pending ones are
  /// still being made).
  func keepCache(
    _ source: SiteSource?, index: PhotoIndex?, derivatives: [Derivative], archives: [ArchiveJob], jobs: [ImageJob],
    options: BuildOptions, cache: DerivativeCache
  ) -> (Int, [Diagnostic]) {
    let live = options.target.live
    let diagnostics = source.map { keepIndex($0, index: index, cache: cache, live: live) } ?? []
    guard live?.defersImages != true else { return (0, diagnostics) }
    // A served site's rebuild that keeps what the last one kept (an edit of
    // text) finds nothing to prune: the cache gains files only from the builds,
    // which keep them. Listing thousands of derivatives is most of this stage,
    // and naming them to compare was most of the rest: a fingerprint instead.
    let keeping = live.map { _ in Self.keptFingerprint(derivatives, archives) }
    if let live, live.keptInCache.current == keeping { return (0, diagnostics) }
    let pruned =
      cache.prune(keeping: derivatives)
      + cache.pruneArchives(keeping: Set(archives.map(\.fileName)))
      // Every planned clip's poster, made or not: a poster is only ever the
      // source of its clip's derivatives, and they are this build's.
      + cache.prunePosters(keeping: Set(jobs.compactMap { cache.posterName(of: $0.photo) }))
    live?.keptInCache.set(keeping)
    return (pruned, diagnostics)
  }

  /// The derivatives and zips a rebuild keeps in the cache, in one number
  /// (`SiteWriter.fingerprint`): the same lists, the same number.
  static func keptFingerprint(_ derivatives: [Derivative], _ archives: [ArchiveJob]) -> Int {
    var hasher = Hasher()
    hasher.combine(SiteWriter.fingerprint(derivatives))
    hasher.combine(archives.map(\.fileName))
    return hasher.finalize()
  }
}
