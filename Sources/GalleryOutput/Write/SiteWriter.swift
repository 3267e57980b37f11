import Foundation
import GalleryCore
import GalleryImages

/// Write stage: builds the whole site in a staging folder beside the output,
/// then swaps it in, so a failed or killed build leaves the last good site.
struct SiteWriter: Sendable {
  /// The output as its owner names it (`OutputOwner.path`).
  let output: String
  let fileSystem: FileSystem

  init(output: OutputFolder, fileSystem: FileSystem) {
    self.output = output.path
    self.fileSystem = fileSystem
  }

  /// Writes `files` and links `derivatives` and the albums' zips (`archives`)
  /// from the cache into a staging folder beside the output, then swaps it in
  /// (`FolderSwap`). The caller holds the
  /// output's lock and has let `FolderSwap.recover` tidy up after any killed
  /// build. Returns warnings about the user's entries in the old output.
  func write(
    files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob] = [], cache: DerivativeCache
  ) throws(WriteError) -> [String] {
    let swap = FolderSwap(output: output, fileSystem: fileSystem)
    let staging = swap.path("staging")
    do {
      try fileSystem.createFolder(staging)
      // The marker goes first: a staging folder left by a kill is still known
      // to hold nothing of the user's.
      try fileSystem.create(
        Path.join(staging, OutputFolder.markerName), with: Self.marker(files: files, archives: archives))
      var folders: Set<String> = [staging]
      for file in files {
        let folder = ((Path.join(staging, file.path)) as NSString).deletingLastPathComponent
        if folders.insert(folder).inserted { try fileSystem.createFolder(folder) }
      }
      try fileSystem.createFolder(staging + "/images")
      // Files are independent once their folders exist; on a site of 10,000
      // pages the writes took a fifth of the build on one core.
      try Parallel.forEach(files) { file in try fileSystem.create(Path.join(staging, file.path), with: file.data) }
      try Parallel.forEach(Array(Set(derivatives))) { derivative in
        try cache.place(derivative, in: staging + "/images")
      }
      for archive in Set(archives) { try cache.place(archive, below: staging) }
      return try swap.install(staging)
    } catch {
      try? fileSystem.remove(staging)
      throw .io("cannot write the site to \(output): \(OSReason.describe(error))")
    }
  }

  /// The marker for a site of `files` and `archives` plus its images folder.
  static func marker(files: [OutputFile], archives: [ArchiveJob] = []) -> Data {
    let top = (files.map(\.path) + archives.map(\.path)).compactMap { $0.split(separator: "/").first.map(String.init) }
    return OutputFolder.marker(listing: Set(top + ["images"]))
  }

  /// Brings the output in line with `files` in place, touching only what
  /// changed: each changed file is replaced atomically and stale files are
  /// removed. For `serve`, where a full staging copy per keystroke is too slow.
  /// Returns how many files changed.
  ///
  /// With `known`, what the last update wrote stands for the disk: unchanged
  /// files are skipped without reading them, and only files that update wrote
  /// can be stale.
  @discardableResult
  func update(
    files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob] = [], cache: DerivativeCache,
    known: KnownOutput? = nil
  ) throws(WriteError) -> Int {
    let files = [OutputFile(path: OutputFolder.markerName, data: Self.marker(files: files, archives: archives))] + files
    guard let known, let last = known.contents else {
      let changed = try updateFromDisk(files: files, derivatives: derivatives, archives: archives, cache: cache)
      known?.remember(
        .init(
          files: Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { $1 }),
          derivatives: Set(derivatives.map(\.fileName)), archives: Self.names(archives)))
      return changed
    }
    known.forget()
    var written: [String: Data] = [:]
    var linked: Set<String> = []
    var changed = 0
    do {
      // Images first: a page is replaced only once everything it shows is there.
      for derivative in derivatives where linked.insert(derivative.fileName).inserted {
        if last.derivatives.contains(derivative.fileName) { continue }
        try cache.place(derivative, in: output + "/images")
        changed += 1
      }
      // A zip's cached name says what it holds; same name, same bytes.
      for archive in archives where last.archives[archive.path] != archive.fileName {
        try cache.place(archive, below: output)
        changed += 1
      }
      for file in files {
        written[file.path] = file.data
        if last.files[file.path] == file.data { continue }
        try fileSystem.replace(Path.join(output, file.path), with: file.data, durable: false)
        changed += 1
      }
      for path in last.files.keys where written[path] == nil {
        try? fileSystem.remove(Path.join(output, path))
        changed += 1
      }
      for name in last.derivatives where !linked.contains(name) {
        try? fileSystem.remove(output + "/images/" + name)
        changed += 1
      }
      for path in Set(last.archives.keys).subtracting(archives.map(\.path)) {
        try? fileSystem.remove(Path.join(output, path))
        changed += 1
      }
    } catch {
      throw .io("cannot update \(output): \(OSReason.describe(error))")
    }
    known.remember(.init(files: written, derivatives: linked, archives: Self.names(archives)))
    return changed
  }

  /// The cached name of each zip, by its path in the output.
  private static func names(_ archives: [ArchiveJob]) -> [String: String] {
    Dictionary(archives.map { ($0.path, $0.fileName) }) { _, last in last }
  }

  /// The first update of a run: compares every file with what the disk holds.
  private func updateFromDisk(
    files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob], cache: DerivativeCache
  ) throws(WriteError) -> Int {
    var wanted: Set<String> = []
    var changed = 0
    do {
      try fileSystem.createFolder(output + "/images")
      for derivative in Set(derivatives) {
        let relative = "images/" + derivative.fileName
        wanted.insert(relative)
        if fileSystem.exists(Path.join(output, relative)) { continue }
        try cache.place(derivative, in: output + "/images")
        changed += 1
      }
      // Nothing on the disk says which zip a file is (a size and time could
      // match by chance), so each is put in place again: a link and a rename.
      for archive in archives {
        wanted.insert(archive.path)
        try cache.place(archive, below: output)
        changed += 1
      }
      for file in files {
        wanted.insert(file.path)
        let path = Path.join(output, file.path)
        if (try? fileSystem.contents(of: path)) == file.data { continue }
        try fileSystem.replace(path, with: file.data, durable: false)
        changed += 1
      }
      let existing = (try? fileSystem.subpaths(of: output)) ?? []
      // Only what a build writes goes: never a dotfile, nor anything else of the user's.
      for path in existing where !wanted.contains(path) && OutputFolder.isSiteEntry(String(path.prefix { $0 != "/" })) {
        if fileSystem.entry(at: Path.join(output, path)).kind == .file {
          try fileSystem.remove(Path.join(output, path))
          changed += 1
        }
      }
    } catch {
      throw .io("cannot update \(output): \(OSReason.describe(error))")
    }
    return changed
  }
}
