import Foundation
import GalleryCore
import GalleryImages

/// A site written into its staging folder as it is rendered, batch by batch
/// (the Render stage's `PageSink`). Each folder is made with one mkdir(2) and
/// no file's folder is checked for, while it is among the folders made
/// lately; a file whose bytes the last good output already holds (its digest
/// in that output's manifest) is hard-linked from there instead of written;
/// every other file is written. What was put where is kept as the new
/// manifest, never the bytes.
struct StagingFolder: PageSink {
  /// The staging folder.
  let root: String
  /// The last good output, which unchanged files are linked from.
  let output: String
  /// What the output holds; empty when unknown, and then nothing is linked.
  let previous: OutputManifest
  let fileSystem: FileSystem
  /// What this site holds, so far.
  private(set) var manifest = OutputManifest()
  /// Files written rather than linked.
  private(set) var written = 0
  private(set) var bytes = 0
  /// The top-level entries written so far (`SiteWriter.marker`).
  private(set) var entries: Set<String> = []
  /// The marker, written before the site was known, is to list `entries`
  /// once the site is staged (`SiteWriter.stage`).
  var relists = false
  /// Folders made lately, relative to `root`: about `folderLimit` at most,
  /// not every one, since each photo's page has a folder of its own (issue 24).
  private var folders: Set<String> = []
  /// How many folders are remembered before they are all forgotten at once.
  var folderLimit = StagingFolder.defaultFolderLimit
  private var derivatives: [Derivative] = []
  private var archives: [ArchiveJob] = []
  /// The derivatives placed as the site was staged (`place(_:cache:)`).
  private(set) var placed = PlacedDerivatives()

  init(root: String, output: String, previous: OutputManifest, fileSystem: FileSystem) {
    self.root = root
    self.output = output
    self.previous = previous
    self.fileSystem = fileSystem
  }

  mutating func write(_ batch: [OutputFile]) throws {
    for file in batch {
      try makeFolders(above: file.path)
      if let top = file.path.split(separator: "/").first, !entries.contains(String(top)) {
        entries.insert(String(top))
      }
    }
    // Hashing, linking and writing are independent once the folders exist;
    // on a site of 10,000 pages the writes took a fifth of the build on one core.
    let outcomes = Locked([(digest: ContentDigest, wrote: Bool)?](repeating: nil, count: batch.count))
    let (root, output, previous, fileSystem) = (root, output, previous, fileSystem)
    try Parallel.forEach(Array(batch.indices)) { index in
      let file = batch[index]
      let digest = OutputManifest.digest(file.data)
      let target = Path.join(root, file.path)
      // A link that fails (the file is gone from the output) is written instead.
      if previous.files[file.path] == digest, (try? fileSystem.link(Path.join(output, file.path), to: target)) != nil {
        outcomes.withLock { $0[index] = (digest, false) }
        return
      }
      try fileSystem.create(target, with: file.data)
      outcomes.withLock { $0[index] = (digest, true) }
    }
    for (file, outcome) in zip(batch, outcomes.current) {
      guard let outcome else { continue }
      manifest.files[file.path] = outcome.digest
      bytes += file.data.count
      if outcome.wrote { written += 1 }
    }
  }

  /// The derivatives and zips the site shows, for the manifest; `place` puts them in.
  mutating func expect(_ derivatives: [Derivative], archives: [ArchiveJob]) {
    // The caller's list itself when it has no repeats: no second copy.
    self.derivatives = Derivative.unique(derivatives)
    self.archives = archives
    manifest.derivatives =
      !placed.isEmpty
      ? placed.digest.value
      : self.derivatives.isEmpty ? "" : OutputManifest.digest(names: self.derivatives.lazy.map(\.fileName))
    manifest.archives = Dictionary(archives.map { ($0.path, $0.fileName) }) { _, last in last }
  }

  /// Links each derivative from the cache into `images/` (each one once: the
  /// staging folder is new, so nothing is checked for first) and puts each
  /// zip in place.
  mutating func place(cache: DerivativeCache) throws {
    try makeFolders(above: "images/")
    let (root, fileSystem) = (root, fileSystem)
    try Parallel.forEach(derivatives) { derivative in
      try fileSystem.link(cache.path(of: derivative), to: root + "/images/" + derivative.fileName)
    }
    for archive in Set(archives) { try cache.place(archive, below: root) }
  }

  /// Links `derivatives` from the cache into `images/` now, each name once
  /// in the whole build, for a site staged album by album: the site's list
  /// of derivatives, 160,000 at 20,000 photos, is never held (issue 24).
  /// `expect` then names them in the manifest; pass it none.
  mutating func place(_ derivatives: [Derivative], cache: DerivativeCache) throws {
    try makeFolders(above: "images/")
    // A name whose hash was placed is most likely that name again (two
    // folders with one photo); else it is placed now, as any other.
    let (root, fileSystem) = (root, fileSystem)
    // One album may name a derivative twice: two of its photos with the same
    // bytes and names that slug alike (`x.jpg`, `x.jpeg`) share each size.
    let fresh = Derivative.unique(derivatives).filter {
      placed.names.insert($0.fileName.hashValue).inserted
        || !fileSystem.exists(root + "/images/" + $0.fileName)
    }
    try Parallel.forEach(fresh) { derivative in
      try fileSystem.link(cache.path(of: derivative), to: root + "/images/" + derivative.fileName)
    }
    for derivative in fresh {
      placed.digest.add(derivative.fileName)
      placed.bytes += (try? fileSystem.attributes(of: cache.path(of: derivative)))?.size ?? 0
    }
  }

  /// Whether everything staged is what the output already holds, file for
  /// file: nothing was written and the manifests are equal.
  var matchesPrevious: Bool { written == 0 && manifest == previous }

  /// Folders remembered by default: a few albums' worth, about a hundred
  /// kilobytes of paths.
  static let defaultFolderLimit = 1024

  /// How many folders are remembered now (tests check it stays bounded).
  var foldersHeld: Int { folders.count }

  /// Makes every folder above `path` (relative) that is not made yet, parents
  /// first. The pages come album by album, so a folder forgotten is seldom
  /// asked for again (a top-level folder, a forgotten page's parents); when
  /// it is, mkdir(2) finds it there, which is fine for a folder, never for a
  /// link: one put there would lead the site's files out of the staging
  /// folder (`makeFolder(_:)`).
  private mutating func makeFolders(above path: String) throws {
    guard let slash = path.lastIndex(of: "/") else { return }
    let folder = String(path[..<slash])
    guard !folders.contains(folder) else { return }
    if folders.count >= folderLimit { folders.removeAll(keepingCapacity: true) }
    var current = ""
    for part in folder.split(separator: "/") {
      current = current.isEmpty ? String(part) : current + "/" + part
      if folders.insert(current).inserted { try makeFolder(Path.join(root, current)) }
    }
  }

  /// One mkdir(2); a folder already there (made before it was forgotten) is
  /// fine, anything else there, a link to a folder too, is the error mkdir gave.
  private func makeFolder(_ path: String) throws {
    do {
      try fileSystem.makeFolder(path)
    } catch let error as POSIXError where error.code == .EEXIST {
      guard fileSystem.kind(at: path) == (.folder, false) else { throw error }
    }
  }
}
