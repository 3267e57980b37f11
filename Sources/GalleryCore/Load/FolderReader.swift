import Foundation

/// Reads what a previewed folder holds besides its photos, as sigal does:
/// `.nomedia` files, each folder's `index.md` and each photo's text file; then
/// assembles the raw folder tree. Reads only; every problem is a warning
/// naming the file, since a previewed folder is anyone's and the rest of it
/// is still shown.
struct FolderReader {
  let fileSystem: FileSystem
  /// The previewed folder (absolute).
  let base: String
  /// The previewed folder's name: messages name files below it by it.
  let name: String
  let boundary: SiteBoundary

  /// The largest `.nomedia` read; it lists names, one a line.
  static let nomediaBytes = 65_536

  init(fileSystem: FileSystem, base: String, name: String) {
    self.fileSystem = fileSystem
    self.base = base
    self.name = name
    boundary = SiteBoundary(fileSystem: fileSystem, root: base)
  }

  /// Where `.nomedia` files leave things out: an empty one hides its folder
  /// and everything below it (as on Android); one that lists names, one a
  /// line, hides those files and subfolders of its folder (as sigal's plugin).
  struct Exclusions {
    /// Folders (paths from `base`) that hold a `.nomedia` hiding them.
    var hiddenFolders: Set<String> = []
    /// Files and folders (paths from `base`) a `.nomedia` names.
    var named: Set<String> = []

    /// Whether `relative` (a file) is left out, by its own name or a folder's.
    func excludes(_ relative: String) -> Bool {
      // Most folders have no .nomedia: then no file's ancestors are listed.
      if hiddenFolders.isEmpty && named.isEmpty { return false }
      if named.contains(relative) { return true }
      return FolderReader.ancestors(of: relative).contains { hiddenFolders.contains($0) || named.contains($0) }
    }
  }

  /// Reads the `.nomedia` file of every folder that holds one of `files`.
  func exclusions(for files: [String], diagnostics: inout [Diagnostic]) -> Exclusions {
    var result = Exclusions()
    for folder in Self.folders(holding: files).sorted() {
      let relative = Path.join(folder, ".nomedia")
      let path = Path.join(base, relative)
      guard fileSystem.entry(at: path).kind != .missing else { continue }
      // An unreadable .nomedia still says "hide": leaving a folder out that its
      // owner meant to show is the smaller harm.
      let text = read(relative, limit: Self.nomediaBytes, diagnostics: &diagnostics)?.text ?? ""
      let names = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty && !$0.contains("/")
      }
      if names.isEmpty {
        result.hiddenFolders.insert(folder)
      } else {
        for name in names { result.named.insert(Path.join(folder, name)) }
      }
    }
    return result
  }

  /// The folder tree of the previewed folder: `files` are the walk's files
  /// that were kept, `photos` those of them that could be read.
  func tree(files: [String], photos: [PhotoFile], exclusions: Exclusions, diagnostics: inout [Diagnostic])
    -> FolderSource
  {
    var folders = self.folders(files: files, exclusions: exclusions)
    for photo in photos { folders[Path.parent(of: photo.relativePath)]?.photos.append(photo) }
    let markdown = Dictionary(grouping: files.filter { Self.isMarkdown($0) }, by: Path.parent(of:))
    let images = Dictionary(
      grouping: files.filter(SiteLoader.isMediaName),
      by: Path.parent(of:))
    for relative in markdown.keys.sorted() {
      guard var folder = folders[relative] else { continue }
      let names = Set((markdown[relative] ?? []).map { Path.name(of: $0) })
      readIndex(names, into: &folder, diagnostics: &diagnostics)
      readTexts(names, images: images[relative] ?? [], into: &folder, diagnostics: &diagnostics)
      folders[relative] = folder
    }
    return assemble("", from: folders)
  }

  /// The folder tree without photos, each folder's `index.md` read: the
  /// photos and their text files are read a folder at a time (`texts`).
  func skeleton(files: [String], exclusions: Exclusions, diagnostics: inout [Diagnostic]) -> FolderSource {
    var folders = self.folders(files: files, exclusions: exclusions)
    let indexes = files.filter { Path.name(of: $0) == "index.md" }.map(Path.parent(of:))
    for relative in indexes.sorted() {
      guard var folder = folders[relative] else { continue }
      readIndex(["index.md"], into: &folder, diagnostics: &diagnostics)
      folders[relative] = folder
    }
    return assemble("", from: folders)
  }

  /// Every folder that holds one of `files` or a hiding `.nomedia`, and
  /// every folder above one, by path from `base`.
  private func folders(files: [String], exclusions: Exclusions) -> [String: FolderSource] {
    var folders: [String: FolderSource] = [:]
    let listed = Self.folders(holding: files).union(exclusions.hiddenFolders)
    for relative in listed.union(listed.flatMap(Self.ancestors(of:))) {
      folders[relative] = FolderSource(
        name: relative.isEmpty ? name : Path.name(of: relative), relativePath: relative,
        file: Path.join(name, relative))
    }
    for hidden in exclusions.hiddenFolders { folders[hidden]?.nomedia = true }
    return folders
  }

  /// Reads the folder's `index.md`, when `names` (its Markdown files) hold one.
  private func readIndex(_ names: Set<String>, into folder: inout FolderSource, diagnostics: inout [Diagnostic]) {
    if names.contains("index.md") {
      folder.index = read(Path.join(folder.relativePath, "index.md"), diagnostics: &diagnostics)
    }
  }

  /// Reads the text file of each of the folder's readable photos
  /// (`folder.photos`); a Markdown file among `files` (the folder's own, paths
  /// from `base`) that is neither that nor `index.md` is a warning.
  func texts(of files: [String], into folder: inout FolderSource, diagnostics: inout [Diagnostic]) {
    let names = Set(files.filter { Self.isMarkdown($0) }.map { Path.name(of: $0) })
    guard !names.isEmpty else { return }
    readTexts(names, images: files, into: &folder, diagnostics: &diagnostics)
  }

  /// Reads the text file of each of the folder's readable photos; a Markdown
  /// file that is neither one nor `index.md` is a warning. `images` may hold
  /// any of the folder's files: only photos and videos count, by name.
  private func readTexts(
    _ names: Set<String>, images: [String], into folder: inout FolderSource, diagnostics: inout [Diagnostic]
  ) {
    let prefix = folder.relativePath
    let images = images.filter(SiteLoader.isMediaName)
    var used: Set<String> = []
    var cache: [String: FolderText] = [:]
    for photo in folder.photos {
      let photoName = Path.name(of: photo.relativePath)
      guard let text = Self.sidecarNames(of: photoName).first(where: names.contains) else { continue }
      used.insert(text)
      if cache[text] == nil { cache[text] = read(Path.join(prefix, text), diagnostics: &diagnostics) }
      folder.sidecars[photoName] = cache[text]
    }
    // The text of a photo that was left out is not read, and not reported twice.
    let claimed = Set(images.flatMap { Self.sidecarNames(of: Path.name(of: $0)) })
    for text in names.subtracting(used).subtracting(["index.md"]).sorted() {
      let location = SourceLocation(file: Path.join(folder.file, text))
      let shadowing = folder.photos.lazy.map { Path.name(of: $0.relativePath) }
        .first { Self.sidecarNames(of: $0).contains(text) }
      if let photo = shadowing {
        diagnostics.append(.warning("ignored: \(photo).md is the text of \(photo)", at: location))
      } else if !claimed.contains(text), !text.lowercased().hasPrefix("readme") {
        diagnostics.append(
          .warning(
            "ignored: names no photo here (a photo's text is IMG_1.md or IMG_1.jpg.md; the album's is index.md)",
            at: location))
      }
    }
  }

  /// `folders` as a tree below `relative`, subfolders in natural name order.
  private func assemble(_ relative: String, from folders: [String: FolderSource]) -> FolderSource {
    var folder =
      folders[relative]
      ?? FolderSource(name: name, relativePath: relative, file: Path.join(name, relative))
    folder.folders = folders.keys.filter { !$0.isEmpty && Path.parent(of: $0) == relative }
      .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
      .map { assemble($0, from: folders) }
    return folder
  }

  /// The text of `relative` (a path from `base`), nil with a warning when it
  /// cannot be read, is over `limit` bytes or is not UTF-8.
  func read(_ relative: String, limit: Int = TextLimits.textFileBytes, diagnostics: inout [Diagnostic])
    -> FolderText?
  {
    let file = Path.join(name, relative)
    let location = SourceLocation(file: file)
    guard let real = readable(relative, limit: limit, diagnostics: &diagnostics) else { return nil }
    guard let data = try? fileSystem.contents(of: real) else {
      diagnostics.append(.warning("left out: cannot read the file", at: location))
      return nil
    }
    guard var text = String(data: data, encoding: .utf8) else {
      diagnostics.append(.warning("left out: not UTF-8 text", at: location))
      return nil
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    return FolderText(file: file, text: text)
  }

  /// The real path of `relative` (a path from `base`) when it stays inside
  /// the folder and holds at most `limit` bytes; nil, with a warning unless
  /// it is absent, otherwise.
  func readable(_ relative: String, limit: Int, diagnostics: inout [Diagnostic]) -> String? {
    let file = Path.join(name, relative)
    let location = SourceLocation(file: file)
    switch boundary.check(file: Path.join(base, relative), named: file) {
    case .absent:
      return nil
    case .refused(let problem):
      diagnostics.append(.warning(problem.message + "; it was left out", at: location))
      return nil
    case .readable(let real):
      if let size = try? fileSystem.attributes(of: real).size, size > limit {
        diagnostics.append(.warning("left out: the file is \(size) bytes; the limit is \(limit)", at: location))
        return nil
      }
      return real
    }
  }

  /// The names a photo's text file may have, the more specific first:
  /// `IMG_1.jpg.md`, then `IMG_1.md` (sigal's).
  static func sidecarNames(of photo: String) -> [String] {
    [photo + ".md", Path.stem(of: photo) + ".md"]
  }

  static func isMarkdown(_ relative: String) -> Bool {
    Path.pathExtension(of: relative).lowercased() == "md"
  }

  /// Every folder that holds one of `files`, at any depth ("" is `base`).
  /// A folder's ancestors are listed once, not once for each of its files.
  static func folders(holding files: [String]) -> Set<String> {
    let parents = Set(files.map(Path.parent(of:)))
    return parents.union(parents.flatMap(ancestors(of:)))
  }

  /// Every folder `relative` lies in, the top ("") first: "", "a", "a/b" for "a/b/c.jpg".
  static func ancestors(of relative: String) -> [String] {
    let parts = relative.split(separator: "/").dropLast()
    return [""] + parts.indices.map { parts[parts.startIndex...$0].joined(separator: "/") }
  }
}
