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
        let path = staging + "/" + file.path
        let folder = (path as NSString).deletingLastPathComponent
        if folders.insert(folder).inserted {
          try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try AtomicFile.writeUnsynced(file.data, to: path)
      }
      try fileManager.createDirectory(atPath: staging + "/images", withIntermediateDirectories: true)
      for derivative in Set(derivatives) {
        let target = staging + "/images/" + derivative.fileName
        // Hard links cost no copy; a cache on another file system falls back to copying.
        if (try? fileManager.linkItem(atPath: cache.path(of: derivative), toPath: target)) == nil {
          try fileManager.copyItem(atPath: cache.path(of: derivative), toPath: target)
        }
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
  @discardableResult
  public func update(files: [OutputFile], derivatives: [Derivative], cache: DerivativeCache) throws(Failure) -> Int {
    let fileManager = FileManager.default
    var wanted: Set<String> = []
    var changed = 0
    do {
      for file in files {
        wanted.insert(file.path)
        let path = output + "/" + file.path
        if fileManager.contents(atPath: path) == file.data { continue }
        try AtomicFile.write(file.data, to: path)
        changed += 1
      }
      try fileManager.createDirectory(atPath: output + "/images", withIntermediateDirectories: true)
      for derivative in Set(derivatives) {
        let relative = "images/" + derivative.fileName
        wanted.insert(relative)
        let target = output + "/" + relative
        if fileManager.fileExists(atPath: target) { continue }
        if (try? fileManager.linkItem(atPath: cache.path(of: derivative), toPath: target)) == nil {
          try fileManager.copyItem(atPath: cache.path(of: derivative), toPath: target)
        }
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
