import Crypto
import Foundation

/// One step of a replayed journal, made only as fetch would make it: a
/// staged file that is a file (never a link), a photo written only where
/// there was none or where fetch's manifest lists one, a photo removed only
/// when the manifest lists it and it still holds the bytes fetch wrote. The
/// journal lies in the site folder, so a repository can commit one; these
/// rules keep a hand-written one from replacing or deleting the user's files.
extension FetchJournal {
  /// The files below content/photos/ that SOURCES.json lists (fetch's own);
  /// none when it is missing or unreadable, so nothing of the user's is touched.
  static func listedPhotos(root: String, fileSystem: FileSystem) -> Set<String> {
    guard let data = try? fileSystem.contents(of: Path.join(root, PhotoManifest.file)),
      let manifest = try? JSONDecoder().decode(PhotoManifest.self, from: data)
    else { return [] }
    return Set(manifest.photos.map { "content/photos/" + $0.file })
  }

  /// Makes `move` unless it was made; the problem that stops it otherwise.
  package func make(_ move: Move, root: String, listed: Set<String>, fileSystem: FileSystem) -> [Diagnostic] {
    let staged = Path.join(root, move.staged)
    let target = Path.join(root, move.target)
    let entry = fileSystem.entry(at: staged)
    guard entry.kind != .missing else { return [] }
    guard entry.kind == .file, !entry.isLink else {
      return [
        .error("\(move.staged) is not a file fetch staged (a link?); not moved", at: SourceLocation(file: move.target))
      ]
    }
    let isPhoto = move.target != PhotoManifest.file && move.target.hasPrefix("content/photos/")
    // A folder swapped for a link out of the site is neither made nor written through.
    let within = isPhoto ? Path.join(root, "content/photos") : Path.join(root, "content")
    guard fileSystem.staysWithin(target, within) else {
      return [.error("leads out of content/ (a link?); fetch did not write it", at: SourceLocation(file: move.target))]
    }
    if isPhoto, fileSystem.entry(at: target).kind != .missing, !listed.contains(move.target) {
      return [
        .error(
          "a file of yours is where an interrupted fetch would put a photo (SOURCES.json does not list it); not overwritten",
          at: SourceLocation(file: move.target))
      ]
    }
    do {
      try fileSystem.createFolder((target as NSString).deletingLastPathComponent)
      try fileSystem.move(staged, to: target)
    } catch {
      return [.error("cannot write (\(OSReason.describe(error)))", at: SourceLocation(file: move.target))]
    }
    return []
  }

  /// Makes `removal` when SOURCES.json lists the photo and it still holds
  /// the bytes fetch wrote; anything else stays where it is.
  package func make(_ removal: Removal, root: String, listed: Set<String>, fileSystem: FileSystem) -> [Diagnostic] {
    let path = Path.join(root, removal.file)
    guard listed.contains(removal.file), fileSystem.staysWithin(path, Path.join(root, "content/photos")),
      let data = try? fileSystem.contents(of: path), SHA256.hash(data: data).hex == removal.sha256
    else { return [] }
    do {
      try fileSystem.remove(path)
      try? fileSystem.removeEmptyFolder((path as NSString).deletingLastPathComponent)
    } catch {
      return [.error("cannot remove (\(OSReason.describe(error)))", at: SourceLocation(file: removal.file))]
    }
    return []
  }
}
