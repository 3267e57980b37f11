import Foundation
import GalleryCore
import GalleryImages

/// Write stage: builds the site in a staging folder beside the output as it is
/// rendered, then swaps it in, so a failed or killed build leaves the last
/// good site; or, for a live site, updates the output in place.
struct SiteWriter: Sendable {
  /// The output as its owner names it (`OutputOwner.path`).
  let output: String
  let fileSystem: FileSystem

  init(output: OutputFolder, fileSystem: FileSystem) {
    self.output = output.path
    self.fileSystem = fileSystem
  }

  /// What a staged write did.
  enum Staged {
    /// The staging folder held exactly what the output holds, so it was
    /// dropped and the output left alone.
    case unchanged
    /// The new site is in place; warnings about the user's entries in the
    /// old output.
    case installed(warnings: [String])
  }

  /// Makes a staging folder beside the output and has `render` write the
  /// site's files into it as they are rendered (`StagingFolder`: each folder
  /// made once, each file the output already holds linked from it by
  /// `previous`, the manifest of what the output holds). `paths` are every
  /// file `render` will write, for the marker, which goes first; listed only
  /// then, so the list (a string a page) is not held while the pages render.
  /// A `render` that plans as it writes gives paths in each top-level entry
  /// it may write and sets `StagingFolder.relists`: the marker then lists
  /// what it wrote. Nil when
  /// `render` returns problems (a page that cannot be rendered); those are
  /// put in `problems`. Then `install` finishes the folder.
  ///
  /// The caller holds the output's lock and has let `FolderSwap.recover` tidy
  /// up after any killed build. A failure removes the staging folder and
  /// leaves the output as it was.
  func stage(
    paths: @autoclosure () -> [String], previous: OutputManifest, problems: inout [Diagnostic],
    render: (inout StagingFolder) throws -> [Diagnostic]
  ) throws(WriteError) -> StagingFolder? {
    let staging = FolderSwap(output: output, fileSystem: fileSystem).path("staging")
    do {
      try fileSystem.createFolder(staging)
      // The marker goes first: a staging folder left by a kill is still known
      // to hold nothing of the user's.
      let marker = Self.marker(paths: paths())
      try fileSystem.create(Path.join(staging, OutputFolder.markerName), with: marker)
      var folder = StagingFolder(root: staging, output: output, previous: previous, fileSystem: fileSystem)
      problems = try render(&folder)
      guard problems.isEmpty else {
        try? fileSystem.remove(staging)
        return nil
      }
      // A site planned as it was written listed more than it wrote.
      let written = Self.marker(paths: Array(folder.entries))
      if folder.relists, written != marker {
        try fileSystem.replace(Path.join(staging, OutputFolder.markerName), with: written, durable: false)
      }
      return folder
    } catch {
      try? fileSystem.remove(staging)
      throw .io("cannot write the site to \(output): \(OSReason.describe(error))")
    }
  }

  /// Links `derivatives` and the albums' zips (`archives`) from the cache
  /// into a folder `stage` filled, then swaps it in (`FolderSwap`), unless it
  /// is the site already there, file for file. `swapping` runs just before the
  /// swap: from then on the output is no longer what the last manifest says.
  /// A failure removes the staging folder and leaves the output as it was.
  func install(
    _ folder: inout StagingFolder, derivatives: [Derivative], archives: [ArchiveJob] = [], cache: DerivativeCache,
    swapping: () -> Void = {}
  ) throws(WriteError) -> Staged {
    do {
      folder.expect(derivatives, archives: archives)
      if folder.matchesPrevious, fileSystem.exists(output + "/index.html") {
        try fileSystem.remove(folder.root)
        return .unchanged
      }
      try folder.place(cache: cache)
      swapping()
      return .installed(warnings: try FolderSwap(output: output, fileSystem: fileSystem).install(folder.root))
    } catch {
      try? fileSystem.remove(folder.root)
      throw .io("cannot write the site to \(output): \(OSReason.describe(error))")
    }
  }

  /// The marker for a site of files at `paths` plus its images folder.
  static func marker(paths: [String]) -> Data {
    let top = paths.compactMap { $0.split(separator: "/").first.map(String.init) }
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
    let marker = Self.marker(paths: files.map(\.path) + archives.map(\.path))
    let files = [OutputFile(path: OutputFolder.markerName, data: marker)] + files
    guard let known, let last = known.contents else {
      let changed = try updateFromDisk(files: files, derivatives: derivatives, archives: archives, cache: cache)
      known?.remember(
        .init(
          files: Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { $1 }),
          derivatives: Set(derivatives.map(\.fileName)), given: Self.fingerprint(derivatives),
          archives: Self.names(archives)))
      return changed
    }
    known.forget()
    var written: [String: Data] = [:]
    let given = Self.fingerprint(derivatives)
    let sameImages = given == last.given
    var linked: Set<String> = sameImages ? last.derivatives : []
    var changed = 0
    do {
      // Images first: a page is replaced only once everything it shows is there.
      for derivative in sameImages ? [] : derivatives where linked.insert(derivative.fileName).inserted {
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
      for name in sameImages ? [] : last.derivatives where !linked.contains(name) {
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
    known.remember(.init(files: written, derivatives: linked, given: given, archives: Self.names(archives)))
    return changed
  }

  /// The cached name of each zip, by its path in the output.
  private static func names(_ archives: [ArchiveJob]) -> [String: String] {
    Dictionary(archives.map { ($0.path, $0.fileName) }) { _, last in last }
  }

  /// The first update of a run: compares every file with what the disk holds.
  /// The derivatives' identity in one number: equal lists have equal
  /// fingerprints, and unequal ones (a photo added, replaced or resized)
  /// the same one only by a 64-bit collision.
  static func fingerprint(_ derivatives: [Derivative]) -> Int {
    var hasher = Hasher()
    hasher.combine(derivatives)
    return hasher.finalize()
  }

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
