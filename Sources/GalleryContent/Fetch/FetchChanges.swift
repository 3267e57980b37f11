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

  mutating func compute(_ gathered: Gathered, old: PhotoManifest, state: FetchState, report: inout FetchReport) {
    var entries: [PhotoManifest.Entry] = []
    var changes: [FetchReport.Change] = []
    let oldByFile = Dictionary(old.photos.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    for outcome in gathered.photoOutcomes {
      let entry = outcome.entry
      let label = "content/photos/" + entry.file
      switch outcome {
      case .kept(_, let stamp):
        stamps[entry.file] = stamp
      case .planned:
        let exists = fileSystem.exists(Path.join(photos, entry.file))
        changes.append(.init(kind: exists ? .changed : .new, file: label))
      case .downloaded(_, let staged):
        let target = Path.join(photos, entry.file)
        guard fileSystem.staysWithin(target, photos) else {
          report.diagnostics.append(Self.outside(label))
          continue
        }
        if fileSystem.exists(target) {
          if let stamp = downloader.present(entry, stamp: nil) {
            // Already there with these bytes (a run killed before its manifest).
            stamps[entry.file] = stamp
            entries.append(entry)
            continue
          }
          // Replaced only if it still holds the bytes fetch wrote there.
          guard let old = oldByFile[entry.file], downloader.present(old, stamp: state.files[old.file]) != nil else {
            report.diagnostics.append(
              .error(
                "a file of yours is where fetch would put a photo from \(NetworkRequest.redacted(URL(string: entry.url) ?? URL(fileURLWithPath: "/"))); move or rename it",
                at: SourceLocation(file: label)))
            continue
          }
          changes.append(.init(kind: .changed, file: label))
        } else {
          changes.append(.init(kind: .new, file: label))
        }
        moves.append((staged, entry.file, entry.sha256))
      }
      entries.append(entry)
    }
    self.entries = Dictionary(entries.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = Set(entries.map(\.file))
    for entry in old.photos where !kept.contains(entry.file) {
      let folder = (entry.file as NSString).deletingLastPathComponent
      let top = String(entry.file.prefix { $0 != "/" })
      guard gathered.listedRoots.contains(top), !gathered.failedFolders.contains(folder) else {
        // Not asked this time (or its listing failed): it stays as it was.
        entries.append(entry)
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
    var files = gathered.documents
    if !entries.isEmpty || fileSystem.exists(Path.join(root, PhotoManifest.file)),
      let data = try? PhotoManifest(photos: Self.manifestOrder(entries)).encoded()
    {
      files.append((PhotoManifest.file, data))
    }
    for (file, data) in files {
      if let variable = sentKeys.echoed(in: data) {
        report.diagnostics.append(
          .error(
            "the answer holds the API key from \(variable) (the API sent it back); not written, so that the key cannot reach the site",
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
    report.changes = changes.sorted()
  }

  /// The manifest's entries by folder, each folder's in the order its source
  /// listed them (a breed's cover first): the same photos give the same
  /// bytes whichever parts a run asked for, so a run with nothing new leaves
  /// the file alone.
  static func manifestOrder(_ entries: [PhotoManifest.Entry]) -> [PhotoManifest.Entry] {
    entries.enumerated().sorted { a, b in
      let left = (a.element.file as NSString).deletingLastPathComponent
      let right = (b.element.file as NSString).deletingLastPathComponent
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
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
