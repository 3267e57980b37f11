import Foundation
import GalleryCore

/// Which folders catgallery may fill with a site. It replaces a folder only when
/// the folder is missing, empty (dotfiles aside: a repository's `.gitignore`, a
/// deploy's `.git`, `.nojekyll`), carries the marker that every build writes,
/// or is an output an earlier version recorded in the site's cache. Some folders
/// are never an output, even with `--force`: `/`, the home folder, system
/// folders, the site and anything holding it, its `content/`, `templates/` and
/// cache, and the folder a preview reads.
package struct OutputFolder: Sendable {
  /// The marker file's name. It lists the top-level entries the build wrote, so
  /// that any other entry at the top (`.git`, `CNAME`) is known to be the user's.
  static let markerName = ".catgallery-output"

  enum Refusal: Error, Sendable, CustomStringConvertible {
    case protected(folder: String, reason: String)
    case notOwned(folder: String)
    case notAFolder(String)
    case danglingLink(String)

    var description: String {
      switch self {
      case .protected(let folder, let reason):
        "refusing to write the site into \(folder): \(reason); choose another output folder (--force does not change this)"
      case .notOwned(let folder):
        "refusing to replace \(folder): it holds files that catgallery did not make (it has no \(markerName) file); "
          + "empty it, choose another output folder, or pass --force to replace it"
      case .notAFolder(let path):
        "refusing to write the site to \(path): it is a file, not a folder"
      case .danglingLink(let path):
        "refusing to write the site to \(path): it is a link to nothing; remove the link or make its target"
      }
    }
  }

  /// The output, absolute, with symlinks resolved.
  package let path: String

  package init(_ path: String) { self.path = ProtectedFolders.normalise(path) }

  /// Where the user's own files are that no output may replace or lie inside.
  package struct Protected: Sendable {
    package var siteRoot: String
    package var cacheFolder: String
    package var home: String
    /// Further folders that are only read (the folder `preview` shows).
    var readOnly: [String] = []
    /// The output is a folder catgallery keeps inside its cache (`serve`'s).
    var ownFolder = false

    init(siteRoot: String, cacheFolder: String, home: String, readOnly: [String] = []) {
      self.siteRoot = siteRoot
      self.cacheFolder = cacheFolder
      self.home = home
      self.readOnly = readOnly
    }
  }

  /// Throws unless a build may replace this folder. `known` is true when the
  /// site's cache records a build into it (an output made before the marker
  /// existed); `force` replaces a folder of someone else's, never a protected one.
  func check(protecting protected: Protected, known: Bool, force: Bool, in fileSystem: FileSystem)
    throws(Refusal)
  {
    if let reason = protectedReason(protected) { throw .protected(folder: path, reason: reason) }
    switch fileSystem.entry(at: path).kind {
    case .missing: return
    case .dangling, .loop: throw .danglingLink(path)
    case .file, .special: throw .notAFolder(path)
    case .folder: break
    }
    if force || known || Self.isOwned(path, in: fileSystem) { return }
    throw .notOwned(folder: path)
  }

  /// Why this path may never be an output, or nil.
  func protectedReason(_ protected: Protected) -> String? {
    if let reason = systemReason(home: protected.home) { return reason }
    let root = ProtectedFolders.normalise(protected.siteRoot)
    let cache = ProtectedFolders.normalise(protected.cacheFolder)
    if path == root || ProtectedFolders.inside(root, path) { return "it is or holds the site itself" }
    for (folder, name) in [(root + "/content", "content/"), (root + "/templates", "templates/")] {
      let real = ProtectedFolders.normalise(folder)
      if path == real || ProtectedFolders.inside(path, real) || ProtectedFolders.inside(real, path) {
        return "it is or holds the site's \(name)"
      }
    }
    if path == cache || ProtectedFolders.inside(cache, path)
      || (ProtectedFolders.inside(path, cache) && !protected.ownFolder)
    {
      return "it is, holds or lies inside the image cache"
    }
    for folder in protected.readOnly.map(ProtectedFolders.normalise)
    where path == folder || ProtectedFolders.inside(path, folder)
      || ProtectedFolders.inside(folder, path)
    {
      return "it is, holds or lies inside \(folder), which is only read"
    }
    return nil
  }

  /// Why this path is no place for anything catgallery writes (`ProtectedFolders`).
  package func systemReason(home: String) -> String? { ProtectedFolders.reason(for: path, home: home) }

  /// Empty but for dotfiles, or marked as made by catgallery.
  static func isOwned(_ folder: String, in fileSystem: FileSystem) -> Bool {
    let entries = (try? fileSystem.entries(of: folder)) ?? []
    return entries.allSatisfy { $0.hasPrefix(".") } || entries.contains(markerName)
  }

  /// The marker's text: what it is, then the top-level entries the build wrote.
  static func marker(listing entries: Set<String>) -> Data {
    let lines =
      [
        "catgallery made this folder and replaces it on every build.",
        "Top-level entries it wrote (anything else here is yours, and every build keeps it):",
      ] + entries.sorted()
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The top-level entries the marker in `folder` lists, or nil when it has none.
  /// The marker travels with the output (a deploy branch holds it), so it is a
  /// claim, not proof: only names a build can write count (its files, and
  /// folders named as slugs), never a dotfile such as `.git` or a name such as
  /// `thesis.txt` that someone added to the list.
  static func writtenEntries(in folder: String, _ fileSystem: FileSystem) -> Set<String>? {
    guard let data = try? fileSystem.contents(of: Path.join(folder, markerName)) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst(2).map(String.init)
    return Set(lines.filter(isSiteEntry))
  }

  /// Whether a build can write `name` at the top of an output.
  static func isSiteEntry(_ name: String) -> Bool {
    if ["404.html", "index.html", "search.json", "sitemap.xml", "feed.xml"].contains(name) { return true }
    if Sitemap.isPart(name) { return true }
    guard let first = name.unicodeScalars.first, first != "-" else { return false }
    return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// Entries of `folder` that a build did not write: everything its marker does
  /// not list and every dotfile, or, in an output from before the marker, its
  /// dotfiles.
  static func userEntries(in folder: String, _ fileSystem: FileSystem) -> [String] {
    let entries = (try? fileSystem.entries(of: folder)) ?? []
    let written = writtenEntries(in: folder, fileSystem)
    return entries.filter { entry in
      if entry == markerName { return false }
      if entry.hasPrefix(".") { return true }
      if let written { return !written.contains(entry) }
      return false
    }.sorted()
  }

  /// Whether everything in `folder` is a build's own: it has the marker and
  /// the marker lists every other entry.
  static func holdsOnlySite(_ folder: String, _ fileSystem: FileSystem) -> Bool {
    guard let written = writtenEntries(in: folder, fileSystem) else { return false }
    let entries = (try? fileSystem.entries(of: folder)) ?? []
    return entries.allSatisfy { $0 == markerName || written.contains($0) }
  }
}
