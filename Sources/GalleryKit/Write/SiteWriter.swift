import Foundation

/// Write stage: builds the whole site in a staging folder beside the output,
/// then swaps it in, so a failed or killed build leaves the last good site.
public struct SiteWriter: Sendable {
  public enum Failure: Error, CustomStringConvertible {
    case unsafeOutput(String)
    case io(String)

    public var description: String {
      switch self {
      case .unsafeOutput(let reason), .io(let reason): reason
      }
    }
  }

  public let output: String

  public init(output: String) { self.output = Self.normalise(output) }

  static func normalise(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// Refuses outputs that would replace or swallow the user's files.
  public static func check(output: String, siteRoot: String) throws(Failure) {
    let out = normalise(output)
    let root = normalise(siteRoot)
    let content = normalise(siteRoot + "/content")
    let home = normalise(NSHomeDirectory())
    func inside(_ path: String, _ folder: String) -> Bool {
      path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }
    if out == "/" || out == home {
      throw .unsafeOutput("refusing to write the site into \(out): it would replace that whole folder")
    }
    if out == root || inside(root, out) {
      throw .unsafeOutput("refusing output folder \(output): it holds the site itself")
    }
    if inside(out, content) || inside(content, out) {
      throw .unsafeOutput("refusing output folder \(output): it is or contains the content folder")
    }
  }

  /// Writes `files` and links `derivatives` from the cache, then swaps folders.
  public func write(files: [OutputFile], derivatives: [Derivative], cache: DerivativeCache) throws(Failure) {
    let fileManager = FileManager.default
    let parent = (output as NSString).deletingLastPathComponent
    let name = (output as NSString).lastPathComponent
    let pid = ProcessInfo.processInfo.processIdentifier
    let staging = "\(parent)/.\(name).staging-\(pid)"
    let old = "\(parent)/.\(name).old-\(pid)"
    do {
      try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
      recoverInterruptedSwap(parent: parent, name: name)
      try? fileManager.removeItem(atPath: staging)
      try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true)
      var folders: Set<String> = [staging]
      for file in files {
        let folder = ((staging + "/" + file.path) as NSString).deletingLastPathComponent
        if folders.insert(folder).inserted {
          try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
      }
      try fileManager.createDirectory(atPath: staging + "/images", withIntermediateDirectories: true)
      // Files are independent once their folders exist; on a site of 10,000
      // pages the writes took a fifth of the build on one core.
      try Parallel.forEach(files) { file in try AtomicFile.writeUnsynced(file.data, to: staging + "/" + file.path) }
      try Parallel.forEach(Array(Set(derivatives))) { derivative in
        try link(derivative, into: staging + "/images", cache: cache)
      }
      try swap(staging: staging, old: old)
    } catch let failure as Failure {
      try? fileManager.removeItem(atPath: staging)
      throw failure
    } catch {
      try? fileManager.removeItem(atPath: staging)
      throw .io("cannot write the site to \(output): \(error.localizedDescription)")
    }
  }

  /// Brings the output in line with `files` in place, touching only what
  /// changed: each changed file is replaced atomically and stale files are
  /// removed. For `serve`, where a full staging copy per keystroke is too slow.
  /// Returns how many files changed.
  ///
  /// With `memory`, what the last update wrote stands for the disk: unchanged
  /// files are skipped without reading them, and only files that update wrote
  /// can be stale.
  @discardableResult
  public func update(
    files: [OutputFile], derivatives: [Derivative], cache: DerivativeCache, memory: BuildMemory? = nil
  ) throws(Failure) -> Int {
    guard let memory, let last = memory.lastWrite else {
      let changed = try updateFromDisk(files: files, derivatives: derivatives, cache: cache)
      memory?.wrote(
        files: Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { $1 }),
        derivatives: Set(derivatives.map(\.fileName)))
      return changed
    }
    memory.forgetWrites()
    let fileManager = FileManager.default
    var written: [String: Data] = [:]
    var linked: Set<String> = []
    var changed = 0
    do {
      for file in files {
        written[file.path] = file.data
        if last.files[file.path] == file.data { continue }
        try AtomicFile.replace(file.data, at: output + "/" + file.path)
        changed += 1
      }
      for derivative in derivatives where linked.insert(derivative.fileName).inserted {
        if last.derivatives.contains(derivative.fileName) { continue }
        try link(derivative, into: output + "/images", cache: cache)
        changed += 1
      }
      for path in last.files.keys where written[path] == nil {
        try? fileManager.removeItem(atPath: output + "/" + path)
        changed += 1
      }
      for name in last.derivatives where !linked.contains(name) {
        try? fileManager.removeItem(atPath: output + "/images/" + name)
        changed += 1
      }
    } catch {
      throw .io("cannot update \(output): \(error.localizedDescription)")
    }
    memory.wrote(files: written, derivatives: linked)
    return changed
  }

  /// Hard links cost no copy; a cache on another file system falls back to
  /// copying. A file already there (a thumbnail `preview` made on request) stays.
  private func link(_ derivative: Derivative, into folder: String, cache: DerivativeCache) throws {
    let target = folder + "/" + derivative.fileName
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: target) { return }
    if (try? fileManager.linkItem(atPath: cache.path(of: derivative), toPath: target)) == nil {
      try fileManager.copyItem(atPath: cache.path(of: derivative), toPath: target)
    }
  }

  /// The first update of a run: compares every file with what the disk holds.
  private func updateFromDisk(
    files: [OutputFile], derivatives: [Derivative], cache: DerivativeCache
  ) throws(Failure) -> Int {
    let fileManager = FileManager.default
    var wanted: Set<String> = []
    var changed = 0
    do {
      for file in files {
        wanted.insert(file.path)
        let path = output + "/" + file.path
        if fileManager.contents(atPath: path) == file.data { continue }
        try AtomicFile.replace(file.data, at: path)
        changed += 1
      }
      try fileManager.createDirectory(atPath: output + "/images", withIntermediateDirectories: true)
      for derivative in Set(derivatives) {
        let relative = "images/" + derivative.fileName
        wanted.insert(relative)
        if fileManager.fileExists(atPath: output + "/" + relative) { continue }
        try link(derivative, into: output + "/images", cache: cache)
        changed += 1
      }
      let existing = (try? fileManager.subpathsOfDirectory(atPath: output)) ?? []
      for path in existing where !wanted.contains(path) {
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: output + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
          try fileManager.removeItem(atPath: output + "/" + path)
          changed += 1
        }
      }
    } catch {
      throw .io("cannot update \(output): \(error.localizedDescription)")
    }
    return changed
  }

  /// Exchanges the folders, then carries the user's top-level dotfiles (.gitignore,
  /// the .git of a deploy branch, .nojekyll) over; the old site is removed last.
  private func swap(staging: String, old: String) throws {
    let fileManager = FileManager.default
    guard fileManager.fileExists(atPath: output) else {
      try fileManager.moveItem(atPath: staging, toPath: output)
      return
    }
    try fileManager.moveItem(atPath: output, toPath: old)
    try fileManager.moveItem(atPath: staging, toPath: output)
    for entry in try fileManager.contentsOfDirectory(atPath: old) where entry.hasPrefix(".") {
      try fileManager.moveItem(atPath: old + "/" + entry, toPath: output + "/" + entry)
    }
    try fileManager.removeItem(atPath: old)
  }

  /// A build killed between the two renames leaves only `.public.old-*`: put it back.
  private func recoverInterruptedSwap(parent: String, name: String) {
    let fileManager = FileManager.default
    let leftovers = ((try? fileManager.contentsOfDirectory(atPath: parent)) ?? []).sorted()
    for entry in leftovers where entry.hasPrefix(".\(name).old-") || entry.hasPrefix(".\(name).staging-") {
      let path = parent + "/" + entry
      if entry.hasPrefix(".\(name).old-"), !fileManager.fileExists(atPath: output) {
        try? fileManager.moveItem(atPath: path, toPath: output)
      } else {
        try? fileManager.removeItem(atPath: path)
      }
    }
  }
}
