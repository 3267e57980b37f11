import Crypto
import Foundation

/// The changes one fetch makes to content/, written down before the first of
/// them (`.cache/catgallery/fetch/commit.json`), so that a fetch killed half
/// way is finished by whoever comes next: the next `fetch`, `build` or
/// `serve`. Until the journal is in place content/ is untouched (the old
/// content); once it is, every step is repeated until the journal is gone
/// (the new content). Every step can be done twice: a move whose staged file
/// is gone was made, a removal whose file is gone was made.
struct FetchJournal: Sendable, Hashable, Codable {
  /// A file staged below the fetch cache, renamed into content/.
  struct Move: Sendable, Hashable, Codable {
    /// Both relative to the site root.
    var staged: String
    var target: String
  }

  /// A photo fetch downloaded that no source lists any more, removed only
  /// while it holds the bytes fetch wrote.
  struct Removal: Sendable, Hashable, Codable {
    /// Relative to the site root.
    var file: String
    var sha256: String
  }

  static let currentVersion = 1
  static let file = FetchState.folder + "/commit.json"

  var version = currentVersion
  /// Photos first, then the JSON documents, the manifest last.
  var moves: [Move] = []
  var removals: [Removal] = []

  /// Writes the journal (temporary file, sync, rename): from here on the
  /// commit is decided.
  func record(root: String, fileSystem: FileSystem) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try fileSystem.write(try encoder.encode(self), to: Path.join(root, Self.file))
  }

  /// Makes every step not made yet, then removes the journal. Each failure
  /// is an error naming the file; the other steps still go ahead, since the
  /// commit was decided.
  func apply(root: String, fileSystem: FileSystem) -> [Diagnostic] {
    var problems: [Diagnostic] = []
    let content = Path.join(root, "content")
    for move in moves {
      let staged = Path.join(root, move.staged)
      let target = Path.join(root, move.target)
      guard fileSystem.exists(staged) else { continue }
      do {
        try fileSystem.createFolder((target as NSString).deletingLastPathComponent)
        // A folder swapped for a link out of the site is not written through.
        guard fileSystem.staysWithin(target, content) else {
          problems.append(
            .error("leads out of content/ (a link?); fetch did not write it", at: SourceLocation(file: move.target)))
          continue
        }
        try fileSystem.move(staged, to: target)
      } catch {
        problems.append(
          .error("cannot write (\(OSReason.describe(error)))", at: SourceLocation(file: move.target)))
      }
    }
    for removal in removals {
      let path = Path.join(root, removal.file)
      guard fileSystem.staysWithin(path, content), let data = try? fileSystem.contents(of: path),
        SHA256.hash(data: data).hex == removal.sha256
      else { continue }
      do {
        try fileSystem.remove(path)
        try? fileSystem.removeEmptyFolder((path as NSString).deletingLastPathComponent)
      } catch {
        problems.append(.error("cannot remove (\(OSReason.describe(error)))", at: SourceLocation(file: removal.file)))
      }
    }
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
  /// saying so through `notice`); nothing when there is no journal. A
  /// journal this version cannot read is an error and left in place.
  static func finishInterrupted(root: String, fileSystem: FileSystem, notice: (String) -> Void = { _ in })
    -> [Diagnostic]
  {
    let path = Path.join(root, file)
    guard fileSystem.exists(path) else { return [] }
    let lock: FolderLock
    do {
      lock = try fileSystem.lock(Path.join(root, FetchState.folder)) {
        notice("a catgallery fetch is writing content/; waiting for it to finish")
      }
    } catch {
      return [
        .error(
          "cannot lock the fetch cache to finish an interrupted fetch (\(OSReason.describe(error)))",
          at: SourceLocation(file: FetchState.folder))
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
            "cannot read the journal of an interrupted fetch; run `catgallery fetch` again, then remove this file",
            at: SourceLocation(file: file))
        ]
      }
      notice("finishing the changes of a fetch that was interrupted (\(file))")
      return journal.apply(root: root, fileSystem: fileSystem)
    }
  }
}
