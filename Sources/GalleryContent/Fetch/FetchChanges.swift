import Crypto
import Foundation
import GalleryCore
import GalleryNetwork

/// Turns what a fetch gathered into changes to content/, then makes them.
/// `compute` decides and reports (new, changed, removed) without writing;
/// `commit` writes, through a `FetchJournal`: photos moved in from the
/// staging folder by rename, old fetched photos removed, then the JSON files
/// and the manifest, each staged (temporary file, sync) and renamed into
/// place. Only files that differ are touched, so a run with nothing new
/// writes nothing.
struct FetchChanges {
  let root: String
  let fileSystem: FileSystem
  let downloader: PhotoDownloader
  /// The keys this run sent, with their variables: a file that holds one
  /// (an API that echoes the key back, escaped or not) is refused, never written.
  var sentKeys = SentKeys([])
  /// The largest data file the build reads (`TextLimits.dataFileBytes`): a
  /// larger document is refused here rather than written for the build to refuse.
  var maxFileBytes = TextLimits.dataFileBytes
  /// Stamps of the photos the manifest lists after this run.
  private(set) var stamps: [String: FetchState.Stamp] = [:]
  private var writes: [(file: String, data: Data)] = []
  private var moves: [(staged: String, file: String, sha256: String)] = []
  private var removals: [PhotoManifest.Entry] = []
  /// The manifest's entries after this run, by file.
  private var entries: [String: PhotoManifest.Entry] = [:]

  init(root: String, fileSystem: FileSystem, downloader: PhotoDownloader) {
    self.root = root
    self.fileSystem = fileSystem
    self.downloader = downloader
  }

  private var photos: String { downloader.photos }

  /// Decides the changes without writing: the photos to move in and to
  /// remove, the files to write (JSON documents, then the manifest), each
  /// listed in `report.changes`; refusals are diagnostics in `report`.
  mutating func compute(_ gathered: Gathered, old: PhotoManifest, state: FetchState, report: inout FetchReport) {
    var changes: [FetchReport.Change] = []
    var entries = place(gathered.photoOutcomes, old: old, state: state, changes: &changes, report: &report)
    self.entries = Dictionary(entries.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    entries += removeUnlisted(
      old, keeping: entries, gathered: gathered, state: state, changes: &changes, report: &report)
    var files = gathered.documents
    if let manifest = manifestDocument(entries) { files.append((PhotoManifest.file, manifest)) }
    compare(files, changes: &changes, report: &report)
    report.changes = changes.sorted()
  }

  /// The manifest's entries for the photos this run listed, in their order;
  /// records a stamp for each photo already in place and a move for each
  /// download that may go in.
  private mutating func place(
    _ outcomes: [PhotoDownloader.Outcome], old: PhotoManifest, state: FetchState,
    changes: inout [FetchReport.Change], report: inout FetchReport
  ) -> [PhotoManifest.Entry] {
    var entries: [PhotoManifest.Entry] = []
    let oldByFile = Dictionary(old.photos.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    for outcome in outcomes {
      let entry = outcome.entry
      let label = "content/photos/" + entry.file
      switch outcome {
      case .kept(_, let stamp):
        stamps[entry.file] = stamp
      case .planned:
        let exists = fileSystem.exists(Path.join(photos, entry.file))
        changes.append(.init(kind: exists ? .changed : .new, file: label))
      case .downloaded(_, let staged):
        guard
          placeDownload(
            entry, staged: staged, old: oldByFile[entry.file], state: state, changes: &changes, report: &report)
        else { continue }
      }
      entries.append(entry)
    }
    return entries
  }

  /// Whether a downloaded photo keeps its entry: moved in (new, or replacing
  /// what fetch wrote there before) or already there with these bytes; false
  /// with an error when the place leads out of content/photos/ or holds a
  /// file of the user's.
  private mutating func placeDownload(
    _ entry: PhotoManifest.Entry, staged: String, old: PhotoManifest.Entry?, state: FetchState,
    changes: inout [FetchReport.Change], report: inout FetchReport
  ) -> Bool {
    let label = "content/photos/" + entry.file
    let target = Path.join(photos, entry.file)
    guard fileSystem.staysWithin(target, photos) else {
      report.diagnostics.append(Self.outside(label))
      return false
    }
    if fileSystem.exists(target) {
      if let stamp = downloader.present(entry, stamp: nil) {
        // Already there with these bytes (a run killed before its manifest).
        stamps[entry.file] = stamp
        return true
      }
      // Replaced only if it still holds the bytes fetch wrote there.
      guard let old, downloader.present(old, stamp: state.files[old.file]) != nil else {
        report.diagnostics.append(
          .error(
            "a file of yours is where fetch would put a photo from \(NetworkRequest.redacted(URL(string: entry.url) ?? URL(fileURLWithPath: "/"))); move or rename it",
            at: SourceLocation(file: label)))
        return false
      }
      changes.append(.init(kind: .changed, file: label))
    } else {
      changes.append(.init(kind: .new, file: label))
    }
    moves.append((staged, entry.file, entry.sha256))
    return true
  }

  /// The old manifest's photos that no source lists any more: removed if
  /// they still hold the bytes fetch wrote; returns those the run did not ask
  /// about (or whose listing failed), which stay as they were.
  private mutating func removeUnlisted(
    _ old: PhotoManifest, keeping entries: [PhotoManifest.Entry], gathered: Gathered, state: FetchState,
    changes: inout [FetchReport.Change], report: inout FetchReport
  ) -> [PhotoManifest.Entry] {
    var unasked: [PhotoManifest.Entry] = []
    let kept = Set(entries.map(\.file))
    for entry in old.photos where !kept.contains(entry.file) {
      let folder = (entry.file as NSString).deletingLastPathComponent
      let top = String(entry.file.prefix { $0 != "/" })
      guard gathered.listedRoots.contains(top), !gathered.failedFolders.contains(folder) else {
        // Not asked this time (or its listing failed): it stays as it was.
        unasked.append(entry)
        if let stamp = state.files[entry.file] { stamps[entry.file] = stamp }
        continue
      }
      let label = "content/photos/" + entry.file
      guard fileSystem.staysWithin(Path.join(photos, entry.file), photos) else {
        report.diagnostics.append(Self.outside(label))
        continue
      }
      if downloader.present(entry, stamp: state.files[entry.file]) != nil {
        removals.append(entry)
        changes.append(.init(kind: .removed, file: label))
      } else if fileSystem.exists(Path.join(photos, entry.file)) {
        report.diagnostics.append(
          .warning(
            "no source lists this photo any more, but it changed since fetch downloaded it: left in place, and no longer fetch's to remove",
            at: SourceLocation(file: label)))
      }
    }
    return unasked
  }

  /// Records a write for each file whose bytes differ from those on disk;
  /// a file that holds a key this run sent is refused.
  private mutating func compare(
    _ files: [(file: String, data: Data)], changes: inout [FetchReport.Change], report: inout FetchReport
  ) {
    for (file, data) in files {
      if let variable = sentKeys.echoed(in: data) {
        report.diagnostics.append(
          .error(
            "the answer holds the API key from \(variable) (the API sent it back); not written, so that the key cannot reach the site",
            at: SourceLocation(file: file)))
        continue
      }
      guard data.count <= maxFileBytes else {
        report.diagnostics.append(
          .error(
            "the answer would make this file \(NetworkError.bytes(data.count)), over the \(NetworkError.bytes(maxFileBytes)) the build reads; not written",
            at: SourceLocation(file: file)))
        continue
      }
      let path = Path.join(root, file)
      guard let current = try? fileSystem.contents(of: path) else {
        changes.append(.init(kind: .new, file: file))
        writes.append((file, data))
        continue
      }
      if current != data {
        changes.append(.init(kind: .changed, file: file))
        writes.append((file, data))
        if let warning = Self.shrinkWarning(file, old: current, new: data) { report.diagnostics.append(warning) }
      }
    }
  }

  /// Where a link leads a write or a removal out of content/photos/.
  static func outside(_ label: String) -> Diagnostic {
    .error(
      "leads out of content/photos/ through a link; fetch writes and removes only inside it",
      at: SourceLocation(file: label))
  }

  /// Makes the computed changes; each failure is an error naming the file.
  /// Everything is staged and checked first, then written down in a
  /// `FetchJournal` (the moment the commit is decided), then made: a kill
  /// before the journal leaves content/ as it was, a kill after it is
  /// finished by the next fetch or build (`FetchJournal.finishInterrupted`).
  mutating func commit(report: inout FetchReport, keepGoing: Bool) {
    // What a killed fetch left half-written in the folders this one writes.
    let folders = Set(
      [Path.join(root, "content"), photos]
        + moves.map { (Path.join(photos, $0.file) as NSString).deletingLastPathComponent })
    for folder in folders where fileSystem.staysWithin(folder, root) {
      fileSystem.removeStaleTemporaries(in: folder)
    }
    var journal = FetchJournal()
    for (staged, file, sha256) in moves {
      // A folder swapped for a link out of the site is not written through.
      // The journal makes the photo folders: a kill before it leaves none.
      guard fileSystem.staysWithin(Path.join(photos, file), photos) else {
        report.diagnostics.append(Self.outside("content/photos/" + file))
        continue
      }
      journal.moves.append(.init(staged: stagedName(staged), target: "content/photos/" + file, sha256: sha256))
    }
    // A photo that could not be put in place stops the run before the
    // manifest lists it and before the JSON files change.
    guard !report.diagnostics.contains(where: { $0.severity == .error }) || keepGoing else { return }
    journal.removals = removals.map { .init(file: "content/photos/" + $0.file, sha256: $0.sha256) }
    // The manifest last: until it is written the old one still lists what fetch owns.
    for (file, data) in writes.filter({ $0.file != PhotoManifest.file })
      + writes.filter({ $0.file == PhotoManifest.file })
    {
      let staged = Path.join(downloader.incoming, "document--" + file.replacingOccurrences(of: "/", with: "--"))
      do {
        try fileSystem.write(data, to: staged)
        journal.moves.append(.init(staged: stagedName(staged), target: file, sha256: SHA256.hash(data: data).hex))
      } catch {
        report.diagnostics.append(.error("cannot write (\(OSReason.describe(error)))", at: SourceLocation(file: file)))
        return
      }
    }
    guard !journal.moves.isEmpty || !journal.removals.isEmpty else { return }
    do {
      try journal.record(root: root, fileSystem: fileSystem)
    } catch {
      report.diagnostics.append(
        .error(
          "cannot write the fetch journal (\(OSReason.describe(error))); content/ is unchanged",
          at: SourceLocation(file: FetchJournal.file)))
      return
    }
    report.wrote = true
    report.diagnostics += journal.apply(root: root, fileSystem: fileSystem)
    for (_, file, _) in moves {
      if let attributes = try? fileSystem.attributes(of: Path.join(photos, file)), let entry = entries[file] {
        stamps[file] = FetchState.Stamp(attributes: attributes, sha256: entry.sha256)
      }
    }
  }

  /// A staged file's path from the site root, as the journal keeps it.
  private func stagedName(_ staged: String) -> String {
    Path.join(FetchJournal.incoming, (staged as NSString).lastPathComponent)
  }
}
