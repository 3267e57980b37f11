import Foundation

/// The renames the output swap is made of, and the open a read starts with,
/// as single system calls that throw the OS reason.
enum SystemCalls {
  static func rename(_ from: String, _ to: String) throws {
    guard Foundation.rename(from, to) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Renames `from` to `to` only if nothing is at `to`: a plain rename would
  /// silently replace an empty folder that appeared there.
  static func renameNoReplace(_ from: String, _ to: String) throws {
    switch renameat2(from, to, flags: 1) {  // RENAME_NOREPLACE
    case .some(0): return
    case .some where errno != EINVAL && errno != ENOSYS: throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    case .some, .none:
      if FileManager.default.fileExists(atPath: to) { throw POSIXError(.EEXIST) }
      try rename(from, to)
    }
  }

  /// A descriptor open for reading on `path`, named by its bytes (`PathBytes`).
  static func openForReading(_ path: String) throws -> Int32 {
    let descriptor = open(PathBytes.system(path), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return descriptor
  }

  /// Exchanges two folders in one step (`renameat2` with `RENAME_EXCHANGE`).
  /// Returns false where the system or file system cannot, so the caller can
  /// fall back to two renames.
  static func exchange(_ a: String, _ b: String) throws -> Bool {
    switch renameat2(a, b, flags: 2) {  // RENAME_EXCHANGE
    case .some(0): return true
    case .some where errno == EINVAL || errno == ENOSYS: return false
    case .some: throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    case .none: return false
    }
  }

  private typealias RenameAt2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32
    ) -> Int32

  /// glibc's `renameat2`, looked up at run time: Swift's Glibc module does not
  /// declare it (it needs `_GNU_SOURCE`), and older C libraries lack it. Nil
  /// where it is missing.
  private static let renameat2Function: RenameAt2? = {
    #if os(Linux)
      guard let symbol = dlsym(nil, "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: RenameAt2.self)
    #else
      return nil
    #endif
  }()

  /// The result of `renameat2` (errno set on -1), or nil where there is none.
  private static func renameat2(_ from: String, _ to: String, flags: UInt32) -> Int32? {
    guard let function = renameat2Function else { return nil }
    let atCurrentFolder: Int32 = -100  // AT_FDCWD
    return function(atCurrentFolder, from, atCurrentFolder, to, flags)
  }
}
