import Foundation
import GalleryCore

/// The photos `place` copied into content/photos/cats/, each with the
/// sha256 of the bytes it wrote, in `.cache/catgallery/copies.json`. A photo
/// is catgallery's to remove only when this list has it and its bytes still
/// match: a photo the user put there (whatever its name) or changed since
/// stays. A deleted cache loses the list, and then every photo stays.
struct PhotoCopies {
  static let file = ".cache/catgallery/copies.json"

  let fileSystem: FileSystem
  let root: String

  /// What the list says of a photo.
  enum Verdict: Equatable {
    /// Copied in by catgallery and unchanged since.
    case copied
    /// Copied in, then changed: the user's now.
    case changed
    /// Not copied in by catgallery.
    case notCopied
    /// There is no list (the cache was deleted, or no photo was ever copied).
    case noList
  }

  /// Notes that `place` wrote `bytes` as `relativePath` (below content/photos/).
  /// Unrecorded, the copy is only ever kept, never removed by mistake.
  func add(_ relativePath: String, bytes: Data) {
    var list = read() ?? [:]
    list[relativePath] = FileSnapshot.hash(bytes)
    write(list)
  }

  /// Drops `relativePath` from the list (its copy was removed).
  func forget(_ relativePath: String) {
    guard var list = read(), list.removeValue(forKey: relativePath) != nil else { return }
    write(list)
  }

  /// Whether `photo` is a copy catgallery made and may remove. `place` copies
  /// only to `cats/<name>`, so the list is never believed about another
  /// photo: the cache lies in the site folder, and a repository can commit a
  /// list that claims one of the user's photos.
  func verdict(of photo: PhotoFile) -> Verdict {
    guard let list = read() else { return .noList }
    guard Self.isCopyPlace(photo.relativePath), let hash = list[photo.relativePath] else { return .notCopied }
    guard let data = try? fileSystem.contents(of: photo.path), FileSnapshot.hash(data) == hash else {
      return .changed
    }
    return .copied
  }

  private var path: String { Path.join(root, Self.file) }

  /// `cats/<one plain file name>`: where `place` puts a copy, below content/photos/.
  static func isCopyPlace(_ relativePath: String) -> Bool {
    let parts = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 2 && parts[0] == "cats" && !parts[1].isEmpty && parts[1] != "." && parts[1] != ".."
      && !parts[1].contains("\0")
  }

  private func read() -> [String: String]? {
    guard let data = try? fileSystem.contents(of: path) else { return nil }
    return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
  }

  /// Atomically (temp file, fsync, rename), like every file catgallery keeps.
  private func write(_ list: [String: String]) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(list) else { return }
    try? fileSystem.createFolder((path as NSString).deletingLastPathComponent)
    try? fileSystem.write(data, to: path)
  }
}

/// What became of the photo a cat showed before it was removed or given
/// another photo, once no page shows it.
public enum LeftPhoto: Sendable, Equatable {
  /// Removed: catgallery had copied it in, and it is as copied.
  case removed(file: String)
  /// Kept, with why (a clause: `catgallery did not copy it in`).
  case kept(file: String, reason: String)

  /// The line to print; `old` for a photo the cat no longer has.
  public func sentence(old: Bool = false) -> String {
    let its = old ? "its old photo" : "its photo"
    switch self {
    case .removed(let file): return "removed \(its) \(file), which no page uses any more"
    case .kept(let file, let reason): return "kept \(its) \(file), which no page uses any more: \(reason)"
    }
  }

  /// The photo's path from the site (`content/photos/cats/cat-pip.jpg`).
  public var file: String {
    switch self {
    case .removed(let file), .kept(let file, _): file
    }
  }
}
