import Crypto
import Foundation

/// The changes one fetch makes to content/, written down before the first of
/// them (`.cache/catgallery/fetch/commit.json`), so that a fetch killed half
/// way is finished by whoever comes next: the next `fetch`, `build` or
/// `serve`. Until the journal is in place content/ is untouched (the old
/// content); once it is, every step is repeated until the journal is gone
/// (the new content). Every step can be done twice: a move whose staged file
/// is gone was made (its target holds the staged bytes), a removal whose
/// file is gone was made. What a replay accepts: `FetchJournal+Check`.
package struct FetchJournal: Sendable, Hashable, Codable {
  /// A file staged below the fetch cache, renamed into content/.
  package struct Move: Sendable, Hashable, Codable {
    /// Both relative to the site root.
    package var staged: String
    package var target: String
    /// Of the staged bytes: once the staged file is gone, the target holds
    /// them, or the move was lost (the staged file deleted by hand).
    package var sha256: String

    package init(staged: String, target: String, sha256: String) {
      self.staged = staged
      self.target = target
      self.sha256 = sha256
    }
  }

  /// A photo fetch downloaded that no source lists any more, removed only
  /// while it holds the bytes fetch wrote.
  package struct Removal: Sendable, Hashable, Codable {
    /// Relative to the site root.
    package var file: String
    package var sha256: String

    package init(file: String, sha256: String) {
      self.file = file
      self.sha256 = sha256
    }
  }

  package static let currentVersion = 2
  /// The folder `fetch` keeps its state, lock and journal in.
  package static let folder = ".cache/catgallery/fetch"
  package static let file = folder + "/commit.json"

  package var version = currentVersion
  /// Photos first, then the JSON documents, the manifest last.
  package var moves: [Move] = []
  package var removals: [Removal] = []

  package init() {}

  /// Writes the journal (temporary file, sync, rename): from here on the
  /// commit is decided.
  package func record(root: String, fileSystem: FileSystem) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try fileSystem.write(try encoder.encode(self), to: Path.join(root, Self.file))
  }

  /// Makes every step not made yet (folders included), then removes the
  /// journal. A move lost before it was made (`lostMoves`) stops it before
  /// any step. Each failure is an error naming the file; the other steps
  /// still go ahead, since the commit was decided, and the journal stays
  /// for the next replay to finish.
  package func apply(root: String, fileSystem: FileSystem) -> [Diagnostic] {
    let lost = lostMoves(root: root, fileSystem: fileSystem)
    guard lost.isEmpty else {
      return lost.map {
        .error(
          "\($0.staged), staged for this file by a fetch that was interrupted, is gone, and this file does not hold its bytes; nothing was changed: remove \(Self.file) and run `catgallery fetch` again",
          at: SourceLocation(file: $0.target))
      }
    }
    var problems: [Diagnostic] = []
    // What fetch downloaded before this commit: the only photos it may replace or remove.
    let listed = Self.listedPhotos(root: root, fileSystem: fileSystem)
    // Photos in, then the photos no source lists removed, then the JSON files and the
    // manifest last: a removal still pending finds the manifest that lists its photo.
    let (photoMoves, documentMoves) = (
      moves.filter { $0.target != PhotoManifest.file && $0.target.hasPrefix("content/photos/") },
      moves.filter { $0.target == PhotoManifest.file || !$0.target.hasPrefix("content/photos/") }
    )
    for move in photoMoves { problems += make(move, root: root, listed: listed, fileSystem: fileSystem) }
    for removal in removals { problems += make(removal, root: root, listed: listed, fileSystem: fileSystem) }
    for move in documentMoves { problems += make(move, root: root, listed: listed, fileSystem: fileSystem) }
    guard problems.isEmpty else { return problems }
    do {
      try fileSystem.remove(Path.join(root, Self.file))
    } catch {
      problems.append(
        .error("cannot remove the finished journal (\(OSReason.describe(error)))", at: SourceLocation(file: Self.file)))
    }
    return problems
  }

  /// Finishes the commit of a fetch that was killed after it recorded its
  /// journal, under the fetch lock (waiting for a fetch still running, and
  /// saying so through `notice`); nothing when there is no journal. Before
  /// it the site is checked (`checkSite`). A journal this version cannot
  /// read, or that fetch could not have written (`refusal`), is an error
  /// and left in place, with nothing moved.
  package static func finishInterrupted(root: String, fileSystem: FileSystem, notice: (String) -> Void = { _ in })
    -> [Diagnostic]
  {
    let path = Path.join(root, file)
    guard fileSystem.exists(path) else { return [] }
    let siteProblems = checkSite(root: root, fileSystem: fileSystem)
    guard siteProblems.isEmpty else { return siteProblems }
    let lock: FolderLock
    do {
      lock = try fileSystem.lock(Path.join(root, folder)) {
        notice("a catgallery fetch is writing content/; waiting for it to finish")
      }
    } catch {
      return [
        .error(
          "cannot lock the fetch cache to finish an interrupted fetch (\(OSReason.describe(error)))",
          at: SourceLocation(file: folder))
      ]
    }
    return withExtendedLifetime(lock) {
      // Finished meanwhile by the fetch that held the lock.
      guard fileSystem.exists(path) else { return [] }
      guard let data = try? fileSystem.contents(of: path),
        let journal = try? JSONDecoder().decode(FetchJournal.self, from: data), journal.version == currentVersion
      else {
        return [
          .error(
            "cannot read the journal of an interrupted fetch (or one an older catgallery wrote); remove this file and run `catgallery fetch` again",
            at: SourceLocation(file: file))
        ]
      }
      if let refusal = journal.refusal() {
        return [
          .error(
            "refused: \(refusal); fetch writes no such journal, so nothing was moved or removed (remove this file if you did not expect it)",
            at: SourceLocation(file: file))
        ]
      }
      notice("finishing the changes of a fetch that was interrupted (\(file))")
      return journal.apply(root: root, fileSystem: fileSystem)
    }
  }
}
