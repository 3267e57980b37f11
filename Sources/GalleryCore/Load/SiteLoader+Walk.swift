import Foundation

extension SiteLoader {
  /// The files below a folder and what was left out of the walk.
  struct Walk {
    /// Paths relative to the folder, sorted; links to files included.
    var files: [String] = []
    /// One warning per link to a folder, which is never followed.
    var diagnostics: [Diagnostic] = []
  }

  /// Paths of the files below `base`, relative to it, sorted; hidden files and
  /// folders and system litter (`SkippedNames`) are skipped, and so are links
  /// to folders: following one could lead out of the site, or back into the
  /// tree and round forever.
  func walk(_ base: String, label: String) -> Walk {
    var result = Walk()
    guard fileSystem.entry(at: base).kind == .folder else { return result }
    var pending = [""]
    while let relativeFolder = pending.popLast() {
      let folder = Path.join(base, relativeFolder)
      let names: [String]
      do {
        names = try fileSystem.entries(of: folder)
      } catch {
        result.diagnostics.append(
          .warning(
            "cannot list the folder (\(OSReason.describe(error))); its files were left out",
            at: SourceLocation(file: label + relativeFolder)))
        continue
      }
      var tooDeep = 0
      for name in names where !SkippedNames.skips(name) {
        let relative = Path.join(relativeFolder, name)
        // The system opens no path this long: a stat would say "missing",
        // and a folder or photo would vanish without a word.
        guard PathBytes.count(Path.join(base, relative)) < Self.longestPath else {
          tooDeep += 1
          continue
        }
        switch fileSystem.kind(at: Path.join(base, relative)) {
        case (.folder, false):
          pending.append(relative)
        case (.folder, true):
          result.diagnostics.append(
            .warning(
              "is a link to a folder, which catgallery does not follow; move or copy the folder here instead",
              at: SourceLocation(file: label + relative)))
        default:
          result.files.append(relative)
        }
      }
      if tooDeep > 0 {
        result.diagnostics.append(
          .warning(
            "left out \(Text.count(tooDeep, "file or folder", "files or folders")) in this folder: a path longer"
              + " than \(Self.longestPath - 1) bytes is more than the system opens; move the folder higher up",
            at: SourceLocation(file: label + relativeFolder)))
      }
    }
    result.files.sort()
    return result
  }

  package func files(under base: String) -> [String] { walk(base, label: "").files }

  /// The longest path the system opens, in bytes with its final NUL (Linux's `PATH_MAX`).
  static let longestPath = 4_096
}
