import Foundation

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

  public func read(_ path: String, inPiecesOf size: Int, _ body: (Data) -> Void) throws {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    while let piece = try handle.read(upToCount: size), !piece.isEmpty { body(piece) }
  }

  public func open(checked realPath: String) throws(OpenedFile.Refusal) -> OpenedFile {
    try OpenedFile(checked: realPath)
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

  public func entry(at path: String) -> FileEntry {
    var info = stat()
    guard lstat(path, &info) == 0 else { return FileEntry(kind: .missing, isLink: false, realPath: nil) }
    let isLink = (info.st_mode & S_IFMT) == S_IFLNK
    let real: String
    switch Path.real(path) {
    case .success(let resolved): real = resolved
    case .failure(let error):
      return FileEntry(
        kind: error.code == .ELOOP ? .loop : isLink ? .dangling : .missing, isLink: isLink, realPath: nil)
    }
    guard stat(real, &info) == 0 else { return FileEntry(kind: .dangling, isLink: isLink, realPath: nil) }
    let kind: FileEntry.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .file
      case S_IFDIR: .folder
      default: .special
      }
    return FileEntry(kind: kind, isLink: isLink, realPath: real)
  }

  public func kind(at path: String) -> (kind: FileEntry.Kind, isLink: Bool) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return (.missing, false) }
    let isLink = (info.st_mode & S_IFMT) == S_IFLNK
    if isLink, stat(path, &info) != 0 { return (errno == ELOOP ? .loop : .dangling, true) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return (.file, isLink)
    case S_IFDIR: return (.folder, isLink)
    default: return (.special, isLink)
    }
  }

  /// One stat(2): FileManager's attribute dictionary cost more than the call
  /// itself, and this runs for every input on every build.
  public func attributes(of path: String) throws -> FileAttributes {
    try status(of: path).attributes
  }

  public func status(of path: String) throws -> (attributes: FileAttributes, changed: Double) {
    var info = stat()
    guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT) }
    #if canImport(Darwin)
      let (time, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (time, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return (
      FileAttributes(size: Int(info.st_size), modified: Self.seconds(time)), changed: Self.seconds(changed)
    )
  }

  private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
}
