import Foundation

/// Writing to the real file system, each operation one or two system calls
/// that throw the OS's reason.
extension LocalFileSystem {
  public func subpaths(of folder: String) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: folder)
  }

  public func createFolder(_ path: String) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  public func makeFolder(_ path: String) throws {
    guard mkdir(path, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  public func create(_ path: String, with data: Data) throws { try AtomicFile.writeUnsynced(data, to: path) }

  public func replace(_ path: String, with data: Data, durable: Bool) throws {
    try createFolder((path as NSString).deletingLastPathComponent)
    if durable {
      try AtomicFile.write(data, to: path)
    } else {
      try AtomicFile.replace(data, at: path)
    }
  }

  public func replace(_ path: String, with data: Data, checking precondition: () throws -> Void) throws {
    try AtomicFile.write(data, to: path, checking: precondition)
  }

  public func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: path) }

  public func removeEmptyFolder(_ path: String) throws {
    guard rmdir(path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  public func move(_ path: String, to target: String) throws { try SystemCalls.rename(path, target) }

  public func moveNew(_ path: String, to target: String) throws { try SystemCalls.renameNoReplace(path, target) }

  public func exchange(_ first: String, _ second: String) throws -> Bool { try SystemCalls.exchange(first, second) }

  public func link(_ source: String, to target: String) throws {
    if Foundation.link(source, target) == 0 { return }
    guard errno == EXDEV || errno == EPERM || errno == EMLINK else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    try FileManager.default.copyItem(atPath: source, toPath: target)
  }

  public func lock(_ folder: String, waiting: () -> Void) throws -> FolderLock {
    try FolderLock.exclusive(folder, waiting: waiting)
  }

  public func temporaryPath(for path: String) -> String { AtomicFile.temporaryPath(for: path) }

  public func removeStaleTemporaries(in folder: String) {
    for name in (try? entries(of: folder)) ?? [] {
      guard let writer = AtomicFile.writer(ofTemporary: name) else { continue }
      // kill(pid, 0) asks only whether the process exists; ESRCH: it does not.
      if writer != getpid(), kill(writer, 0) != 0, errno == ESRCH {
        unlink(Path.join(folder, name))
      }
    }
  }
}
