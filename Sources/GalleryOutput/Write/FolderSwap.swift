import Foundation
import GalleryCore

/// Puts a staged site in place of the output in one step, then carries the
/// user's own top-level entries (`.git`, `.gitignore`, `.nojekyll`, `CNAME`:
/// whatever the last build did not write) from the old site into the new.
///
/// Every name it uses sits beside the output and starts with `.<output>.`:
/// - `staging-PID`: a site being built, or, after the exchange, the old site
///   still holding the user's entries until they are carried over;
/// - `retired-PID`: the old site, where the exchange is not available and the
///   swap takes two renames;
/// - `trash-PID`: an old site with nothing of the user's left; deleted;
/// - `kept-PID`: an old site that still holds entries of the user's the new
///   site has names for; never deleted, and named in a warning.
/// A killed build leaves at most one of these, and the next build sorts it out
/// (`recover`) before it stages anything: it never deletes a folder that holds
/// anything of the user's.
struct FolderSwap {
  let output: String
  let parent: String
  let name: String
  let fileSystem: FileSystem

  init(output: String, fileSystem: FileSystem) {
    self.output = output
    self.fileSystem = fileSystem
    parent = (output as NSString).deletingLastPathComponent
    name = (output as NSString).lastPathComponent
  }

  func path(_ kind: String, pid: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
    "\(parent)/.\(name).\(kind)-\(pid)"
  }

  /// Replaces the output with `staging`. Returns warnings for user entries that
  /// could not be carried over (the new site writes the same names).
  func install(_ staging: String) throws -> [String] {
    switch fileSystem.entry(at: output).kind {
    case .missing:
      try fileSystem.moveNew(staging, to: output)
      return []
    case .folder: break
    default: throw POSIXError(.ENOTDIR)
    }
    if OutputFolder.writtenEntries(in: output, fileSystem) == nil {
      // An output from before the marker (or one --force replaces): mark what
      // in it a build could have written, so the old site can be told apart
      // from anything else in it once it is swapped out.
      let entries = try fileSystem.entries(of: output).filter(OutputFolder.isSiteEntry)
      try fileSystem.create(
        Path.join(output, OutputFolder.markerName), with: OutputFolder.marker(listing: Set(entries)))
    }
    let old: String
    if try fileSystem.exchange(staging, output) {
      old = staging
    } else {
      // No atomic exchange on this file system: two renames, which `recover`
      // undoes if a kill falls between them.
      old = path("retired")
      try fileSystem.move(output, to: old)
      try fileSystem.move(staging, to: output)
    }
    return try retire(old)
  }

  /// Carries the user's entries out of `old` (a previous site) into the output,
  /// then deletes it if nothing is left in it but the site its marker lists;
  /// anything else keeps it, under a `kept-` name, named in a warning.
  private func retire(_ old: String) throws -> [String] {
    for entry in OutputFolder.userEntries(in: old, fileSystem) {
      let target = Path.join(output, entry)
      if fileSystem.entry(at: target).kind == .missing {
        try fileSystem.move(Path.join(old, entry), to: target)
      }
    }
    if OutputFolder.holdsOnlySite(old, fileSystem) {
      let trash = path("trash")
      try fileSystem.move(old, to: trash)
      try removeSite(trash)
      return []
    }
    let kept = path("kept")
    try fileSystem.move(old, to: kept)
    // What is left of the user's could not move: the new site has those names.
    let left = OutputFolder.userEntries(in: kept, fileSystem)
    return [
      "\(kept) keeps your \(left.joined(separator: ", ")) from the old site: the new site has files of the same name"
    ]
  }

  /// Deletes a folder that holds only a site, its marker last, so a kill part
  /// way leaves a folder that is still known to hold nothing of the user's.
  private func removeSite(_ folder: String) throws {
    for entry in try fileSystem.entries(of: folder) where entry != OutputFolder.markerName {
      try fileSystem.remove(Path.join(folder, entry))
    }
    if fileSystem.entry(at: Path.join(folder, OutputFolder.markerName)).kind != .missing {
      try fileSystem.remove(Path.join(folder, OutputFolder.markerName))
    }
    try fileSystem.removeEmptyFolder(folder)
  }

  /// The kind of a leftover this output's builds name `.<output>.<kind>-<pid>`,
  /// or nil for anything else, which is never touched.
  private func kind(of entry: String) -> String? {
    let prefix = ".\(name)."
    guard entry.hasPrefix(prefix) else { return nil }
    let rest = entry.dropFirst(prefix.count)
    guard let dash = rest.firstIndex(of: "-") else { return nil }
    let kind = String(rest[..<dash])
    let pid = rest[rest.index(after: dash)...]
    guard ["staging", "retired", "trash", "old", "kept"].contains(kind), !pid.isEmpty, pid.allSatisfy(\.isNumber)
    else { return nil }
    return kind
  }

  /// Finishes or undoes whatever a killed build left beside the output. Only
  /// called with the output's lock held, so no leftover belongs to a live build.
  /// A leftover that is a link, or that holds anything catgallery cannot tell
  /// is its own, is never deleted.
  func recover() throws -> [String] {
    var leftovers: [(entry: String, kind: String)] = []
    var warnings: [String] = []
    for entry in ((try? fileSystem.entries(of: parent)) ?? []).sorted() {
      guard let kind = kind(of: entry), kind != "kept" else { continue }
      let found = fileSystem.entry(at: Path.join(parent, entry))
      guard found.kind == .folder, !found.isLink else {
        warnings.append("\(parent)/\(entry) is named like a folder a build leaves, but is not one; left alone")
        continue
      }
      leftovers.append((entry, kind))
    }
    // Killed between the two renames of the fallback swap (or of an earlier
    // version's swap): the old site goes back first.
    if !fileSystem.exists(output),
      let old = leftovers.first(where: { ["retired", "old"].contains($0.kind) })
    {
      try fileSystem.moveNew(Path.join(parent, old.entry), to: output)
    }
    for (entry, kind) in leftovers where fileSystem.exists(Path.join(parent, entry)) {
      let leftover = Path.join(parent, entry)
      // A build killed while it replaced its staging folder's marker left the
      // new one's temporary file: a dotfile, which would otherwise count as
      // the user's and be carried into the output.
      fileSystem.removeStaleTemporaries(in: leftover)
      if kind == "trash" {
        if OutputFolder.holdsOnlySite(leftover, fileSystem) || isEmpty(leftover) {
          try removeSite(leftover)
        } else {
          warnings.append("\(leftover) holds files catgallery cannot tell are its own; left alone")
        }
      } else if fileSystem.exists(output) {
        warnings += try retire(leftover)
      } else if OutputFolder.userEntries(in: leftover, fileSystem).isEmpty,
        OutputFolder.holdsOnlySite(leftover, fileSystem)
      {
        // A first build killed while staging: possibly half written.
        try fileSystem.move(leftover, to: path("trash"))
        try removeSite(path("trash"))
      } else {
        try fileSystem.moveNew(leftover, to: output)
      }
    }
    return warnings
  }

  private func isEmpty(_ folder: String) -> Bool { ((try? fileSystem.entries(of: folder)) ?? []).isEmpty }
}
