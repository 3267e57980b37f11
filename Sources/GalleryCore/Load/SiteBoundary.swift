/// The edge of what a build may read: the site folder, links resolved. Every
/// input is looked at before it is read, so a link out of the site (to
/// `/etc/passwd`, to a home folder on a CI runner building someone else's
/// content), a link to nothing, a link loop or a FIFO becomes an error that
/// names the file instead of a leak, a hang or a silently missing section.
package struct SiteBoundary {
  package let fileSystem: FileSystem
  /// The site folder with every link resolved.
  package let realRoot: String

  package init(fileSystem: FileSystem, root: String) {
    self.fileSystem = fileSystem
    realRoot = fileSystem.entry(at: root).realPath ?? root
  }

  package enum Verdict {
    case absent
    /// Read it at `realPath`, the path checked, with every link resolved: a
    /// link swapped in after the check is not followed.
    case readable(realPath: String)
    case refused(Diagnostic)
  }

  /// Whether the file at `path` (named `file` in messages) may be read.
  package func check(file path: String, named file: String) -> Verdict {
    let entry = fileSystem.entry(at: path)
    if let problem = problem(entry, named: file, expecting: .file) { return .refused(problem) }
    return entry.kind == .missing ? .absent : .readable(realPath: entry.realPath ?? path)
  }

  /// The first of `folders` (relative to `root`) that may not be walked,
  /// as its diagnostic; nil when each is a folder inside the site or absent.
  func firstRefused(_ folders: [String], in root: String) -> Diagnostic? {
    for folder in folders {
      if case .refused(let problem) = check(folder: Path.join(root, folder), named: folder) { return problem }
    }
    return nil
  }

  /// Whether the folder at `path` may be walked.
  package func check(folder path: String, named file: String) -> Verdict {
    let entry = fileSystem.entry(at: path)
    if let problem = problem(entry, named: file, expecting: .folder) { return .refused(problem) }
    return entry.kind == .missing ? .absent : .readable(realPath: entry.realPath ?? path)
  }

  private func problem(_ entry: FileEntry, named file: String, expecting kind: FileEntry.Kind) -> Diagnostic? {
    let location = SourceLocation(file: file)
    switch entry.kind {
    case .missing: return nil
    case .dangling: return .error("is a symbolic link to nothing: its target does not exist", at: location)
    case .loop: return .error("is a symbolic link that loops back on itself", at: location)
    case .special: return .error("is not a regular file (a device, pipe or socket); it was not read", at: location)
    case .file, .folder:
      if let real = entry.realPath, !Path.isWithin(real, realRoot) {
        return .error(
          "links to \(real), outside the site folder; catgallery reads nothing outside the site", at: location)
      }
      if entry.kind != kind {
        return .error(kind == .file ? "is a folder, not a file" : "is a file, not a folder", at: location)
      }
      return nil
    }
  }
}
