import Foundation

/// Writes that never leave a half-written file under the final name: how
/// `LocalFileSystem` creates and replaces files.
enum AtomicFile {
  /// Writes `data` to a new file without fsync: Foundation's `Data.write` syncs
  /// every file, which made writing 10,000 pages take 18 s instead of 1. Used
  /// inside the staging folder, which only becomes the site by a rename.
  static func writeUnsynced(_ data: Data, to path: String) throws {
    try create(path, with: data, sync: false)
  }

  /// Creates `path` as a new file and writes all of `data`; with `sync`, the
  /// bytes are on disk before it returns. Throws the OS reason.
  /// A file already at `path` is unlinked first, never truncated and written
  /// through: in a staging folder it may be a hard link to the last good
  /// output's copy (`StagingFolder`), which a second write to the same path
  /// (two pages that collide) would otherwise change in place.
  private static func create(_ path: String, with data: Data, sync: Bool) throws {
    var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == EEXIST, unlink(path) == 0 {
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    }
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
    if sync, fsync(descriptor) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Replaces `path` by renaming a complete new file over it, without fsync:
  /// a reader sees the old bytes or the new, never part. For output that can
  /// always be rebuilt (`serve`'s folder), where a sync per edited page is the
  /// slowest step of an edit.
  static func replace(_ data: Data, at path: String) throws {
    let temporary = temporaryPath(for: path)
    do {
      try writeUnsynced(data, to: temporary)
      guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// Replaces `path` atomically and durably, for the user's own files and the
  /// cache: a complete temporary file beside it, synced, then renamed over it.
  static func write(_ data: Data, to path: String) throws {
    try write(data, to: path, checking: {})
  }

  /// `write(_:to:)` that calls `precondition` between syncing the temporary
  /// file and renaming it over `path`; a throw leaves `path` as it was.
  static func write(_ data: Data, to path: String, checking precondition: () throws -> Void) throws {
    let temporary = temporaryPath(for: path)
    do {
      try create(temporary, with: data, sync: true)
      try precondition()
      try SystemCalls.rename(temporary, path)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// A unique temporary name beside `path`, for tools that write by path.
  /// The process that made temporary file `name` (`.tmp-<pid>-…`), nil for any other name.
  static func writer(ofTemporary name: String) -> pid_t? {
    guard name.hasPrefix(".tmp-") else { return nil }
    let digits = name.dropFirst(5).prefix { $0.isNumber }
    guard !digits.isEmpty, name.dropFirst(5 + digits.count).hasPrefix("-") else { return nil }
    return pid_t(digits)
  }

  static func temporaryPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    return folder + "/.tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))-" + name
  }
}
