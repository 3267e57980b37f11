/// The files and folders a walk never enters or reads: hidden ones, and the
/// litter that operating systems and NAS boxes leave in photo folders. The one
/// list; README's content/photos section names the same entries.
package enum SkippedNames {
  /// Names compared without case: Windows and the NAS shares that serve it
  /// write `Thumbs.db` and `thumbs.db`, `$RECYCLE.BIN` and `$Recycle.Bin` alike.
  static let litter: Set<String> = [
    // Synology's thumbnails and index data, one per folder.
    "@eadir",
    // Synology's and QNAP's recycle bins at the top of a share.
    "#recycle", "@recycle",
    // Windows: the recycle bin of a drive, its volume data, and the
    // thumbnail cache and folder settings written into any folder opened.
    "$recycle.bin", "system volume information", "thumbs.db", "ehthumbs.db", "desktop.ini",
    // The resource forks macOS adds to the zip archives it makes.
    "__macosx",
  ]

  /// Whether a walk passes over the entry `name` (a file or a folder): a
  /// hidden name (`.git`, `.DS_Store`, `.thumbnails`, `._IMG_1.jpg`, an
  /// editor's `.swp`) or known litter.
  package static func skips(_ name: String) -> Bool {
    name.hasPrefix(".") || litter.contains(name.lowercased())
  }
}
