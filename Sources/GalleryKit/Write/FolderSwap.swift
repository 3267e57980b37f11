import Foundation

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

  init(output: String) {
    self.output = output
    parent = (output as NSString).deletingLastPathComponent
    name = (output as NSString).lastPathComponent
  }

  func path(_ kind: String, pid: Int32 = ProcessInfo.processInfo.processIdentifier) -> String {
    "\(parent)/.\(name).\(kind)-\(pid)"
  }

  /// Replaces the output with `staging`. Returns warnings for user entries that
  /// could not be carried over (the new site writes the same names).
  func install(_ staging: String) throws -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) else {
      try SystemCalls.renameNoReplace(staging, output)
      return []
    }
    guard isDirectory.boolValue else { throw POSIXError(.ENOTDIR) }
    let old: String
    if try SystemCalls.exchange(staging, output) {
      old = staging
    } else {
      // No atomic exchange on this file system: two renames, which `recover`
      // undoes if a kill falls between them.
      old = path("retired")
      try SystemCalls.rename(output, old)
      try SystemCalls.rename(staging, output)
    }
    return try retire(old)
  }

  /// Carries the user's entries out of `old` (a previous site) into the output,
  /// then deletes it if nothing of the user's is left in it, or else keeps it
  /// under a `kept-` name.
  private func retire(_ old: String) throws -> [String] {
    let fileManager = FileManager.default
    var clashes: [String] = []
    for entry in OutputFolder.userEntries(in: old) {
      if fileManager.fileExists(atPath: output + "/" + entry) || isSymlink(output + "/" + entry) {
        clashes.append(entry)
      } else {
        try SystemCalls.rename(old + "/" + entry, output + "/" + entry)
      }
    }
    if clashes.isEmpty {
      let trash = path("trash")
      try SystemCalls.rename(old, trash)
      try fileManager.removeItem(atPath: trash)
      return []
    }
    let kept = path("kept")
    try SystemCalls.rename(old, kept)
    return [
      "\(kept) keeps your \(clashes.joined(separator: ", ")) from the old site: the new site has files of the same name"
    ]
  }

  /// Finishes or undoes whatever a killed build left beside the output. Only
  /// called with the output's lock held, so no leftover belongs to a live build.
  func recover() throws -> [String] {
    let fileManager = FileManager.default
    let prefix = ".\(name)."
    let leftovers = ((try? fileManager.contentsOfDirectory(atPath: parent)) ?? []).filter { $0.hasPrefix(prefix) }
    func kind(_ entry: String) -> String {
      String(entry.dropFirst(prefix.count).prefix { $0 != "-" })
    }
    var warnings: [String] = []
    // Killed between the two renames of the fallback swap (or of an earlier
    // version's swap): the old site goes back first.
    if !fileManager.fileExists(atPath: output),
      let old = leftovers.sorted().first(where: { ["retired", "old"].contains(kind($0)) })
    {
      try SystemCalls.renameNoReplace(parent + "/" + old, output)
    }
    for entry in leftovers.sorted() where fileManager.fileExists(atPath: parent + "/" + entry) {
      let leftover = parent + "/" + entry
      switch kind(entry) {
      case "trash":
        try fileManager.removeItem(atPath: leftover)
      case "staging", "retired", "old":
        if fileManager.fileExists(atPath: output) {
          warnings += try retire(leftover)
        } else if OutputFolder.userEntries(in: leftover).isEmpty {
          // A first build killed while staging: possibly half written.
          try SystemCalls.rename(leftover, path("trash"))
          try fileManager.removeItem(atPath: path("trash"))
        } else {
          try SystemCalls.renameNoReplace(leftover, output)
        }
      default:
        continue
      }
    }
    return warnings
  }

  private func isSymlink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }
}
