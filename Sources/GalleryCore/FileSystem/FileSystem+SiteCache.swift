import Foundation

/// The one rule for the site's own cache (`.cache/catgallery/…`), which
/// `build`, `serve`, `fetch` and the edit commands write and prune by name: a
/// link anywhere along it (a hostile repository can commit `.cache -> ~`, or
/// `.cache/catgallery/fetch -> /some/folder`) would have files written or
/// deleted elsewhere, so every folder of it that exists must be a real
/// folder inside the site.
extension FileSystem {
  /// The cache folders below the site root that some command writes or
  /// removes; checking them checks every folder along them too.
  static var siteCacheFolders: [String] {
    [
      ".cache/catgallery/derivatives", ".cache/catgallery/archives", ".cache/catgallery/posters",
      ".cache/catgallery/photos", ".cache/catgallery/outputs", ".cache/catgallery/serve",
      ".cache/catgallery/uploads", ".cache/catgallery/fetch/incoming",
    ]
  }

  /// Throws a diagnostic located at the first of `.cache`, `.cache/catgallery`
  /// and the folders of `siteCacheFolders` that exists but is a link, is not
  /// a folder, or lies outside `siteRoot`. Missing folders are fine: the
  /// command creates them, as real folders.
  package func checkSiteCache(_ siteRoot: String) throws(DiagnosticsError) {
    guard case .success(let root) = Path.real(siteRoot) else { return }
    var checked: Set<String> = []
    for folder in Self.siteCacheFolders {
      var relative = ""
      for part in folder.split(separator: "/") {
        relative = Path.join(relative, String(part))
        guard checked.insert(relative).inserted else { continue }
        let entry = entry(at: Path.join(siteRoot, relative))
        guard entry.kind != .missing else { break }
        if !entry.isLink, entry.kind == .folder, let real = entry.realPath, Path.isWithin(real, root), real != root {
          continue
        }
        let what = entry.isLink ? "the cache folder links to \(entry.realPath ?? "nothing")" : "this is not a folder"
        throw DiagnosticsError([
          .error(
            "\(what); catgallery writes and prunes it, so it must be a real folder inside the site",
            at: SourceLocation(file: relative))
        ])
      }
    }
  }
}
