import Crypto
import Foundation

/// What a journal must be before any of it is made. The journal lies in the
/// site folder, so a repository can commit one: it is replayed only when the
/// site's cache and content/ are the site's own real folders, and only when
/// every step is one fetch writes (a staged file of the fetch cache moved to
/// a photo or a fetched JSON file, a photo removed), so a hand-written one
/// cannot move, overwrite or delete anything else.
extension FetchJournal {
  /// The JSON files fetch writes outside content/photos/.
  package static let documents = ["content/breeds.json", "content/cats.json", "content/facts.json"]

  /// Where fetch stages what it moves into content/, from the site root.
  package static let incoming = folder + "/incoming"

  /// The site's cache folders (`FileSystem.checkSiteCache`), then content/
  /// and content/photos/ (`SiteBoundary`): the problems that stop a replay.
  static func checkSite(root: String, fileSystem: FileSystem) -> [Diagnostic] {
    do throws(DiagnosticsError) { try fileSystem.checkSiteCache(root) } catch { return error.diagnostics }
    let boundary = SiteBoundary(fileSystem: fileSystem, root: root)
    return boundary.firstRefused(["content", "content/photos"], in: root).map { [$0] } ?? []
  }

  /// Why fetch could not have written this journal, nil when it could.
  package func refusal() -> String? {
    for (number, move) in zip(1..., moves) {
      let name =
        move.staged.hasPrefix(Self.incoming + "/") ? String(move.staged.dropFirst(Self.incoming.count + 1)) : ""
      if !Self.isPlainName(name) {
        return "move \(number) stages \(String(reflecting: move.staged)), not a file of \(Self.incoming)/"
      }
      if !Self.documents.contains(move.target), !Self.isPhoto(move.target) {
        return
          "move \(number) writes \(String(reflecting: move.target)), neither a photo in content/photos/ nor one of \(Self.documents.joined(separator: ", "))"
      }
      if move.target != PhotoManifest.file, Self.isPhoto(move.target), !Self.hasImageExtension(move.target) {
        return
          "move \(number) writes \(String(reflecting: move.target)), which is not named as an image fetch downloads"
      }
    }
    for (number, removal) in zip(1..., removals) where !Self.isPhoto(removal.file) {
      return "removal \(number) deletes \(String(reflecting: removal.file)), not a photo in content/photos/"
    }
    return nil
  }

  /// The moves whose staged file is gone although their target does not
  /// hold its bytes: made by no one, so the replay cannot finish them.
  func lostMoves(root: String, fileSystem: FileSystem) -> [Move] {
    moves.filter { move in
      guard !fileSystem.exists(Path.join(root, move.staged)) else { return false }
      guard let data = try? fileSystem.contents(of: Path.join(root, move.target)) else { return true }
      return SHA256.hash(data: data).hex != move.sha256
    }
  }

  /// A path below content/photos/ made of plain names only.
  private static func isPhoto(_ file: String) -> Bool {
    let prefix = "content/photos/"
    guard file.hasPrefix(prefix) else { return false }
    return file.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
      isPlainName(String($0))
    }
  }

  /// Whether `file` ends in an image extension, as every photo fetch names does.
  private static func hasImageExtension(_ file: String) -> Bool {
    let ext = (file as NSString).pathExtension.lowercased()
    return ImageFormat.allCases.contains { $0.extensions.contains(ext) }
  }

  /// A file name that is not empty, `.` or `..`, and holds no `/` or NUL.
  private static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
  }
}
