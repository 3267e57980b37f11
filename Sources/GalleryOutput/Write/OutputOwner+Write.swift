import Foundation
import GalleryCore

/// Putting the site into the output (`SiteWriter`), with the second short cut:
/// a staged build that would write exactly the site already there, file for
/// file (`OutputManifest`), swaps nothing.
extension OutputOwner {
  /// What writing did to the output.
  struct Written {
    /// Files written or removed by an in-place update.
    var changedFiles = 0
    /// The output already held exactly this site, so nothing was written.
    var unchanged = false
  }

  /// A live site's in-place update. The caller holds the claim.
  func update(_ files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob] = []) throws(WriteError)
    -> Written
  {
    let writer = SiteWriter(output: folder, fileSystem: fileSystem)
    let known = options.target.live?.output
    let changed = try writer.update(
      files: files, derivatives: derivatives, archives: archives, cache: cache, known: known)
    return Written(changedFiles: changed)
  }

  /// Starts a staged write: a staging folder beside the output that `render`
  /// fills as it renders (`SiteWriter.stage`), linking each file the output
  /// already holds from it, as the manifest of the last site written here
  /// says (none with `--force`). Nil when `render` reported problems, which
  /// are put in `problems`. The caller holds the claim.
  func stage(
    paths: @autoclosure () -> [String], problems: inout [Diagnostic],
    render: (inout StagingFolder) throws -> [Diagnostic]
  ) throws(WriteError) -> StagingFolder? {
    let previous =
      options.force ? nil : (try? fileSystem.contents(of: manifestFile)).flatMap { OutputManifest($0) }
    return try SiteWriter(output: folder, fileSystem: fileSystem).stage(
      paths: paths(), previous: previous ?? OutputManifest(), problems: &problems, render: render)
  }

  /// Finishes a staged write (`SiteWriter.install`) and keeps the manifest of
  /// what the output now holds. The old manifest goes just before the swap, so
  /// a build killed after it never links from a site it does not describe.
  /// Returns warnings about the user's entries and about a manifest not saved.
  func install(_ staged: inout StagingFolder, derivatives: [Derivative], archives: [ArchiveJob] = [])
    throws(WriteError) -> (Written, [Diagnostic])
  {
    let writer = SiteWriter(output: folder, fileSystem: fileSystem)
    let result = try writer.install(&staged, derivatives: derivatives, archives: archives, cache: cache) {
      try? fileSystem.remove(manifestFile)
    }
    guard case .installed(let warnings) = result else { return (Written(unchanged: true), []) }
    var diagnostics = warnings.map { Diagnostic.warning($0) }
    do {
      try fileSystem.write(staged.manifest.data, to: manifestFile)
    } catch {
      diagnostics.append(cache.unsaved(manifestFile, "the list of the files written", error))
    }
    return (Written(), diagnostics)
  }
}
