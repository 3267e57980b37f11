/// A previewed folder as read, still raw: its photos, its `index.md`, each
/// photo's text file and its subfolders, any depth. The Model stage turns the
/// tree into albums (`SiteBuilder.folderAlbum`); nothing here is interpreted.
package struct FolderSource: Sendable {
  /// The folder's own name ("dir1"; the previewed folder's name at the root).
  package var name: String
  /// Path from the previewed folder, "" at the root, else "dir1/test1".
  package var relativePath: String
  /// How messages name the folder: "Holiday" or "Holiday/dir1".
  package var file: String
  /// Its readable photos, in file name order; those that could not be read
  /// were left out with a warning.
  package var photos: [PhotoFile] = []
  /// Its `index.md`: the album's title, cover, order and text.
  package var index: FolderText?
  /// Each photo's text file (`IMG_1.jpg.md`, else `IMG_1.md`), by the
  /// photo's file name.
  package var sidecars: [String: FolderText] = [:]
  /// It holds a `.nomedia` file that hides it: it and everything below it
  /// are left out (no photos are read there).
  package var nomedia = false
  /// Its subfolders that hold something, in natural name order.
  package var folders: [FolderSource] = []

  package init(name: String, relativePath: String, file: String) {
    self.name = name
    self.relativePath = relativePath
    self.file = file
  }

  /// This folder and every folder below it, depth first.
  package var allFolders: [FolderSource] { [self] + folders.flatMap(\.allFolders) }
}

/// A Markdown file beside the photos, read whole as UTF-8 (a byte-order mark
/// dropped, line ends made `\n`).
package struct FolderText: Sendable, Hashable {
  /// How messages name it: "Holiday/dir1/index.md".
  package var file: String
  package var text: String

  package init(file: String, text: String) {
    self.file = file
    self.text = text
  }
}
