import Foundation
import GalleryCore
import GalleryImages

/// The Write stage and the cache's upkeep after it.
extension Pipeline {
  /// What the Write stage did to the output.
  struct Written {
    /// Files written or removed by an in-place update.
    package var changedFiles = 0
    /// The output already held exactly this site, so nothing was written.
    var unchanged = false
  }

  /// Write: in place for a live site; otherwise staged and swapped, unless the
  /// output already holds exactly this site. Nil when it failed.
  func write(_ files: [OutputFile], derivatives: [Derivative], options: BuildOptions, cache: DerivativeCache)
    -> (Written?, [Diagnostic])
  {
    let writer = SiteWriter(output: options.output, fileSystem: fileSystem)
    do {
      if let live = options.target.live {
        let changed = try writer.update(
          files: files, derivatives: derivatives, cache: cache, known: live.output)
        return (Written(changedFiles: changed), [])
      }
      let digest = OutputDigest(files: files, derivatives: derivatives)
      let record = cache.outputRecord(for: writer.output)
      if !options.force, fileSystem.exists(writer.output + "/index.html"),
        digest.matches(try? fileSystem.contents(of: record))
      {
        return (Written(unchanged: true), [])
      }
      try? fileSystem.remove(record)
      var diagnostics = try writer.write(files: files, derivatives: derivatives, cache: cache).map {
        Diagnostic.warning($0)
      }
      do {
        try fileSystem.write(Data(digest.value.utf8), to: record)
      } catch {
        diagnostics.append(cache.unsaved(record, "the digest of the site written", error))
      }
      return (Written(), diagnostics)
    } catch {
      return (nil, [.error(error.description)])
    }
  }

  /// After a successful write: the photo index saved when it changed, and
  /// derivatives no job needs pruned (not while images are deferred: the
  /// pending ones are still being made).
  func keepCache(
    _ source: SiteSource, index: PhotoIndex?, derivatives: [Derivative], options: BuildOptions,
    cache: DerivativeCache
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
    guard options.target.live?.defersImages != true else { return (0, diagnostics) }
    return (cache.prune(keeping: Set(derivatives.map(\.fileName))), diagnostics)
  }
}
