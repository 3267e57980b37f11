import Foundation

/// The file-system edge of the pipeline. Load reads through it and Write writes
/// through it, so the pure stages in between never touch the disk.
public protocol FileSystem: Sendable {
  func contents(of path: String) throws -> Data
  /// At most the first `count` bytes.
  func prefix(of path: String, count: Int) throws -> Data
  func exists(_ path: String) -> Bool
  func isDirectory(_ path: String) -> Bool
  /// Names of the entries directly inside `path`, sorted.
  func entries(of path: String) throws -> [String]
  /// Size in bytes and modification time, for the cache index.
  func attributes(of path: String) throws -> FileAttributes
}

public struct FileAttributes: Sendable, Hashable, Codable {
  public var size: Int
  public var modified: Double
}

/// The real file system.
public struct LocalFileSystem: FileSystem {
  public init() {}

  public func contents(of path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  public func prefix(of path: String, count: Int) throws -> Data {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    return try handle.read(upToCount: count) ?? Data()
  }

  public func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
  }

  public func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  public func entries(of path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  /// One stat(2): FileManager's attribute dictionary cost more than the call
  /// itself, and this runs for every input on every build.
  public func attributes(of path: String) throws -> FileAttributes {
    var info = stat()
    guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT) }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return FileAttributes(size: Int(info.st_size), modified: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  }
}
