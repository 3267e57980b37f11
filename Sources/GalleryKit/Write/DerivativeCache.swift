import Crypto
import Foundation

/// Derivatives on disk, named by content hash, plus each photo's placeholder
/// colour and decoder warnings.
/// Freshness is decided by hashes alone, so the cache survives clones and renames,
/// and deleting it is always safe.
public struct DerivativeCache: Sendable {
  public let folder: String
  var derivatives: String { folder + "/derivatives" }
  var placeholderFile: String { folder + "/placeholders.json" }
  public var indexFile: String { folder + "/photos.json" }
  /// The last clean build's fingerprint (`BuildRecord`).
  var buildRecord: String { folder + "/build.json" }

  /// Where the digest of the last site written to `output` is kept.
  func outputRecord(for output: String) -> String {
    let key = SHA256.hash(data: Data(output.utf8)).prefix(8).hex
    return folder + "/outputs/" + key
  }

  public init(folder: String) { self.folder = folder }

  func fileName(_ derivative: Derivative) -> String {
    derivative.hash + "." + derivative.spec.format.fileExtension
  }

  func path(of derivative: Derivative) -> String { derivatives + "/" + fileName(derivative) }

  func has(_ derivative: Derivative) -> Bool {
    FileManager.default.fileExists(atPath: path(of: derivative))
  }

  /// Source hash → placeholder colour and decoder warnings, from the last
  /// builds. A file in an older shape (colours alone, which could not say a
  /// photo was damaged) reads as empty, so every photo is decoded once more.
  func loadRenders() -> [String: RenderedPhoto] {
    guard let data = FileManager.default.contents(atPath: placeholderFile),
      let values = try? JSONDecoder().decode([String: RenderedPhoto].self, from: data)
    else { return [:] }
    return values
  }

  func saveRenders(_ values: [String: RenderedPhoto]) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    try AtomicFile.write(try encoder.encode(values), to: placeholderFile)
  }

  /// Removes derivatives no job of this build needs. Returns how many went.
  func prune(keeping keep: Set<String>) -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: derivatives)) ?? []
    var removed = 0
    for name in names where !keep.contains(name) {
      if (try? FileManager.default.removeItem(atPath: derivatives + "/" + name)) != nil { removed += 1 }
    }
    return removed
  }
}

/// Writes that never leave a half-written file under the final name.
enum AtomicFile {
  /// Writes `data` to a new file without fsync: Foundation's `Data.write` syncs
  /// every file, which made writing 10,000 pages take 18 s instead of 1. Used
  /// inside the staging folder, which only becomes the site by a rename.
  static func writeUnsynced(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        offset += written
      }
    }
  }

  /// Replaces `path` by renaming a complete new file over it, without fsync:
  /// a reader sees the old bytes or the new, never part. For output that can
  /// always be rebuilt (`serve`'s folder), where a sync per edited page is the
  /// slowest step of an edit.
  static func replace(_ data: Data, at path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = temporaryPath(for: path)
    do {
      try writeUnsynced(data, to: temporary)
      guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Replaces `path` atomically and durably: for the user's own files.
  static func write(_ data: Data, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// A unique temporary name beside `path`, for tools that write by path.
  static func temporaryPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return folder + "/.tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))-" + name
  }
}
