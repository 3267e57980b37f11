import Foundation
import GalleryCore

/// Makes every missing zip of the albums in the cache, after the Images stage
/// (a zip of largest copies reads them from the cache). A zip whose hash is
/// cached already is never written again: its name says what it holds.
package struct ArchiveMaker: Sendable {
  package struct Result: Sendable {
    /// Each made zip's size as an album page shows it, by
    /// `ArchiveLink.sizeKey`: the Render stage reads it with the colours.
    package var sizes: [String: String] = [:]
    /// The jobs whose zip is in the cache, for the Write stage.
    package var ready: [ArchiveJob] = []
    package var made = 0
    package var reused = 0
    package var diagnostics: [Diagnostic] = []

    package init() {}
  }

  package let cache: DerivativeCache
  package var writer: any ArchiveWriter = ZipArchiveWriter()
  package var force = false

  package init(cache: DerivativeCache, force: Bool = false) {
    self.cache = cache
    self.force = force
  }

  /// One zip after another: each is bound by the disk, not the processor.
  package func make(_ jobs: [ArchiveJob]) -> Result {
    var result = Result()
    guard !jobs.isEmpty else { return result }
    let fileSystem = cache.fileSystem
    do {
      try fileSystem.createFolder(cache.archives)
    } catch {
      result.diagnostics.append(
        .error("cannot make the albums' zips: \(OSReason.describe(error))", at: SourceLocation(file: cache.archives)))
      return result
    }
    fileSystem.removeStaleTemporaries(in: cache.archives)
    var done: Set<String> = []
    for job in jobs {
      let target = cache.path(of: job)
      if done.insert(job.fileName).inserted {
        if !force, fileSystem.exists(target) {
          result.reused += 1
        } else if let problem = write(job, to: target) {
          result.diagnostics.append(.error("cannot make \(job.path): \(problem)"))
          continue
        } else {
          result.made += 1
        }
      }
      let bytes = (try? fileSystem.attributes(of: target))?.size ?? 0
      result.sizes[ArchiveLink.sizeKey(hash: job.hash)] = ArchiveLink.size(bytes: bytes)
      result.ready.append(job)
    }
    return result
  }

  /// Writes `job`'s zip under a temporary name, then renames it into place,
  /// so a killed build leaves no part of a zip under a cached name. Nil when
  /// it is there; else what went wrong.
  private func write(_ job: ArchiveJob, to target: String) -> String? {
    let fileSystem = cache.fileSystem
    var entries: [ArchiveEntry] = []
    // The originals are held open until the zip is written: libzip reads
    // each through its descriptor's path, never a link swapped in at the
    // photo's own path after the Load stage checked it (`OpenedFile`).
    var opened: [OpenedFile] = []
    OpenedFile.allow(job.members.count)
    for member in job.members {
      let path: String
      switch member.source {
      case .original(let original):
        do {
          let file = try fileSystem.open(checked: original)
          opened.append(file)
          path = file.path
        } catch {
          return "\(member.file): \(error.message)"
        }
      case .derivative(let derivative): path = cache.path(of: derivative)
      }
      // Said here, by the photo's own name, rather than by libzip at the end.
      guard fileSystem.exists(path) else { return "\(member.file) has no copy to put in it" }
      entries.append(ArchiveEntry(name: member.name, path: path, time: member.time))
    }
    let temporary = fileSystem.temporaryPath(for: target)
    do {
      try withExtendedLifetime(opened) { try writer.write(entries, to: temporary) }
      try fileSystem.move(temporary, to: target)
      return nil
    } catch let error as ArchiveError {
      return error.message
    } catch {
      try? fileSystem.remove(temporary)
      return OSReason.describe(error)
    }
  }
}
