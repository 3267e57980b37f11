import Foundation
import GalleryCore

/// Putting the site into the output (`SiteWriter`), with the second short cut:
/// a staged build that would write exactly the site already there writes
/// nothing (`OutputDigest`).
extension OutputOwner {
  /// What writing did to the output.
  struct Written {
    /// Files written or removed by an in-place update.
    var changedFiles = 0
    /// The output already held exactly this site, so nothing was written.
    var unchanged = false
  }

  /// In place for a live site; otherwise staged and swapped, unless the output
  /// already holds exactly this site. The caller holds the claim. Returns
  /// warnings about the user's entries and about a digest not saved.
  func write(_ files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob] = []) throws(WriteError)
    -> (Written, [Diagnostic])
  {
    let writer = SiteWriter(output: folder, fileSystem: fileSystem)
    if let live = options.target.live {
      let changed = try writer.update(
        files: files, derivatives: derivatives, archives: archives, cache: cache, known: live.output)
      return (Written(changedFiles: changed), [])
    }
    let digest = OutputDigest(files: files, derivatives: derivatives, archives: archives)
    if !options.force, fileSystem.exists(path + "/index.html"),
      digest.matches(try? fileSystem.contents(of: digestFile))
    {
      return (Written(unchanged: true), [])
    }
    try? fileSystem.remove(digestFile)
    var diagnostics = try writer.write(files: files, derivatives: derivatives, archives: archives, cache: cache).map {
      Diagnostic.warning($0)
    }
    do {
      try fileSystem.write(Data(digest.value.utf8), to: digestFile)
    } catch {
      diagnostics.append(cache.unsaved(digestFile, "the digest of the site written", error))
    }
    return (Written(), diagnostics)
  }
}
