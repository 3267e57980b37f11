import Foundation

/// A previewed folder read one folder at a time, for a staged build that
/// builds it album by album (issue 24): first what every album needs (the
/// walk, `.nomedia`, each folder's `index.md`, `site.yml`), then each
/// folder's photos and their text files when its album is built, and let go
/// with it. `load(folder:)` reads the same files at once.
extension PreviewSource {
  /// What `scan` reads before any photo.
  package struct Scan: Sendable {
    /// The folder's settings and the problems of the walk, `.nomedia`
    /// files, `index.md` files and `site.yml`: no photos, no tree.
    package var source: SiteSource
    /// Every folder, each with its `index.md`; no photos, no text files.
    package var tree: FolderSource
    /// The kept files' names of each folder, by the folder's path: one
    /// string a folder, the names apart by NUL, which no name holds (a list
    /// of 40,000 paths was 3 MB held from the first album to the last).
    fileprivate var names: [String: String]
    /// The previewed folder, and how messages name it.
    let base: String
    let name: String
  }

  package func scan(folder: String) -> Scan {
    let name = Self.name(of: folder)
    let walk = loader.walk(folder, label: name + "/")
    var diagnostics = walk.diagnostics
    let reader = FolderReader(fileSystem: loader.fileSystem, base: folder, name: name)
    let exclusions = reader.exclusions(for: walk.files, diagnostics: &diagnostics)
    let files = walk.files.filter { !exclusions.excludes($0) }
    let tree = reader.skeleton(files: files, exclusions: exclusions, diagnostics: &diagnostics)
    var source = settings(reader, name: name, diagnostics: &diagnostics)
    source.diagnostics = diagnostics
    var names: [String: String] = [:]
    for file in files { names[Path.parent(of: file), default: ""] += Path.name(of: file) + "\0" }
    return Scan(source: source, tree: tree, names: names, base: folder, name: name)
  }
}

extension PreviewSource.Scan {
  /// The kept files of the folder at `relative` (not those below it), as
  /// paths from the previewed folder.
  package func files(in relative: String) -> [String] {
    (names[relative] ?? "").split(separator: "\0").map { Path.join(relative, String($0)) }
  }

  /// How many photos and videos the previewed folder holds.
  package var photoCount: Int {
    names.values.reduce(0) { total, names in
      total + names.split(separator: "\0").count { SiteLoader.isPhotoOrVideo(String($0)) }
    }
  }
}

extension PreviewSource {
  /// What `load(_:scan:index:)` read of one folder.
  package struct Part: Sendable {
    /// The folder's own source: the scan's settings, its photos, and the
    /// folder with its photos and text files (its subfolders without).
    package var source: SiteSource
    /// Its videos left out for want of ffmpeg, said once for the whole
    /// folder (`unprobedWarning`).
    package var unprobed = 0
  }

  /// The photos of `folder` (one folder of `scan.tree`, not those below
  /// it) and their text files, with headers reused from `index`: its
  /// problems are those `load(folder:)` reports of these files.
  package func load(_ folder: FolderSource, scan: Scan, index: PhotoIndex) -> Part {
    var loader = self.loader
    loader.index = index
    var source = scan.source
    source.diagnostics = []
    let label = scan.name + "/"
    let files = scan.files(in: folder.relativePath)
    let loaded = loader.loadPhotos(files, in: scan.base, label: label)
    let photos = loaded.filter { !SiteLoader.isUnprobed($0) }
    for photo in photos {
      if let problem = photo.problem {
        source.diagnostics.append(.warning("left out: \(problem)", at: SourceLocation(file: photo.file)))
      }
    }
    source.photos = photos.filter { $0.problem == nil }
    let reader = FolderReader(fileSystem: loader.fileSystem, base: scan.base, name: scan.name)
    SidecarMetadata(reader: reader, metadata: loader.metadata).apply(
      to: &source.photos, files: files, diagnostics: &source.diagnostics)
    var filled = folder
    filled.photos = source.photos
    reader.texts(of: files, into: &filled, diagnostics: &source.diagnostics)
    source.folder = filled
    return Part(source: source, unprobed: loaded.count - photos.count)
  }

  /// The one warning for every video of the folder left out for want of ffmpeg.
  package func unprobedWarning(count: Int, scan: Scan) -> Diagnostic? {
    guard count > 0 else { return nil }
    return SiteLoader.unprobedWarning(count: count, label: scan.name + "/")
  }
}
