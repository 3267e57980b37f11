import Foundation
import GalleryCore
import GalleryImages

/// The Write stage and the cache's upkeep after it.
extension Pipeline {
  /// Write: the output's owner puts the site in place (`OutputOwner.write`).
  /// Nil when it failed.
  func write(_ files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob], output: OutputOwner)
    -> (OutputOwner.Written?, [Diagnostic])
  {
    do {
      return try output.write(files, derivatives: derivatives, archives: archives)
    } catch {
      return (nil, [.error(error.description)])
    }
  }

  /// After a successful write: the photo index saved when it changed, and
  /// derivatives and zips no job needs pruned (not while images are
  /// deferred: the pending ones are still being made).
  func keepCache(
    _ source: SiteSource, index: PhotoIndex?, derivatives: [Derivative], archives: [ArchiveJob],
    options: BuildOptions, cache: DerivativeCache
  ) -> (Int, [Diagnostic]) {
    var diagnostics: [Diagnostic] = []
    let newIndex = PhotoIndex.from(source.photos)
    if newIndex != index {
      do {
        try cache.save(newIndex, to: cache.indexFile)
      } catch {
        diagnostics.append(cache.unsaved(cache.indexFile, "the photo index", error))
      }
    }
    let live = options.target.live
    guard live?.defersImages != true else { return (0, diagnostics) }
    let keeping = Set(derivatives.map(\.fileName)).union(archives.map(\.fileName))
    // A served site's rebuild that keeps what the last one kept (an edit of
    // text) finds nothing to prune: the cache gains files only from the builds,
    // which keep them. Listing thousands of derivatives is most of this stage.
    if let live, live.keptInCache.current == keeping { return (0, diagnostics) }
    let pruned =
      cache.prune(keeping: Set(derivatives.map(\.fileName)))
      + cache.pruneArchives(keeping: Set(archives.map(\.fileName)))
    live?.keptInCache.set(keeping)
    return (pruned, diagnostics)
  }
}
