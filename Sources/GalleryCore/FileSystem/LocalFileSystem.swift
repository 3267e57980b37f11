import Foundation

/// The real file system. Every path it reads by goes to the system as the
/// bytes it stands for (`PathBytes`), and every name it lists comes back
/// losslessly, so a name that is not UTF-8 is read like any other.
public struct LocalFileSystem: FileSystem {
  public init() {}

  public func contents(of path: String) throws -> Data {
    let handle = try Self.reading(path)
    defer { try? handle.close() }
    return try handle.readToEnd() ?? Data()
  }

  public func prefix(of path: String, count: Int) throws -> Data {
    let handle = try Self.reading(path)
    defer { try? handle.close() }
    return try handle.read(upToCount: count) ?? Data()
  }

  public func read(_ path: String, inPiecesOf size: Int, _ body: (Data) -> Void) throws {
    let handle = try Self.reading(path)
    defer { try? handle.close() }
    while let piece = try handle.read(upToCount: size), !piece.isEmpty { body(piece) }
  }

  public func open(checked realPath: String) throws(OpenedFile.Refusal) -> OpenedFile {
    try OpenedFile(checked: realPath)
  }

  public func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(PathBytes.system(path), &info) == 0
  }

  public func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(PathBytes.system(path), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Read by readdir(3) as bytes: Foundation's listing gives a name that is
  /// not UTF-8 with U+FFFD, which opens nothing.
  public func entries(of path: String) throws -> [String] {
    guard let folder = opendir(PathBytes.system(path)) else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        PathBytes.string(raw.prefix { $0 != 0 })
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  public func entry(at path: String) -> FileEntry {
    var info = stat()
    guard lstat(PathBytes.system(path), &info) == 0 else {
      return FileEntry(kind: .missing, isLink: false, realPath: nil)
    }
    let isLink = (info.st_mode & S_IFMT) == S_IFLNK
    let real: String
    switch Path.real(path) {
    case .success(let resolved): real = resolved
    case .failure(let error):
      return FileEntry(
        kind: error.code == .ELOOP ? .loop : isLink ? .dangling : .missing, isLink: isLink, realPath: nil)
    }
    guard stat(PathBytes.system(real), &info) == 0 else {
      return FileEntry(kind: .dangling, isLink: isLink, realPath: nil)
    }
    let kind: FileEntry.Kind =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .file
      case S_IFDIR: .folder
      default: .special
      }
    return FileEntry(kind: kind, isLink: isLink, realPath: real)
  }

  public func kind(at path: String) -> (kind: FileEntry.Kind, isLink: Bool) {
    let path = PathBytes.system(path)
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
    guard stat(PathBytes.system(path), &info) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT)
    }
    #if canImport(Darwin)
      let (time, changed) = (info.st_mtimespec, info.st_ctimespec)
    #else
      let (time, changed) = (info.st_mtim, info.st_ctim)
    #endif
    return (
      FileAttributes(size: Int(info.st_size), modified: Self.seconds(time)), changed: Self.seconds(changed)
    )
  }

  /// `path` opened for reading, by its bytes.
  private static func reading(_ path: String) throws -> FileHandle {
    FileHandle(fileDescriptor: try SystemCalls.openForReading(path), closeOnDealloc: true)
  }

  private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) / 1e9 }
}
