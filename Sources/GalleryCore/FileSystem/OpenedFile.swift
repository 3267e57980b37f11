import Foundation

/// A file opened for reading by the real path a boundary check approved, and
/// held open while it is read: what is read is what was checked, whatever is
/// done to its name meanwhile. A symbolic link swapped in for the file, or
/// for a folder on its path, between the check and the read would otherwise
/// be followed (a race an attacker wins often enough to publish a file from
/// outside the site). The file is opened without following a link at its end,
/// and the descriptor is checked, not the path: a regular file, at exactly
/// the real path that was checked.
public final class OpenedFile: Sendable {
  /// A path that names the opened file itself for the libraries that open
  /// by path (libvips, exiv2, libzip): `/proc/self/fd/N` (`/dev/fd/N` on
  /// Darwin) while it is open; the path as given where the file system has
  /// no descriptors (tests' in-memory one).
  package let path: String
  /// A path that names the opened file for another process of this user
  /// (ffmpeg, ffprobe): `/proc/<this process>/fd/N`, which opens the very
  /// file held open, not whatever its name now leads to, and needs no
  /// descriptor passed into the child (Foundation's `Process` closes them).
  /// Where the system has no such path (Darwin) or the file system no
  /// descriptors, the path as checked.
  package let sharedPath: String
  private let descriptor: Int32?

  /// The file at `path` as given, for a file system with no descriptors.
  package init(unopened path: String) {
    self.path = path
    sharedPath = path
    descriptor = nil
  }

  /// Opens `realPath` (every link already resolved), or throws the reason it
  /// is not the file that was checked.
  package init(checked realPath: String) throws(OpenedFile.Refusal) {
    // O_NONBLOCK: a FIFO swapped in must not hold the build at open(2).
    let descriptor = open(PathBytes.system(realPath), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw errno == ELOOP ? .replaced : .unreadable(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegular
    }
    #if os(Linux)
      let path = "/proc/self/fd/\(descriptor)"
    #else
      let path = "/dev/fd/\(descriptor)"
    #endif
    // A folder on the path swapped for a link leads the open elsewhere
    // without a link at its end: the descriptor's own path tells.
    guard Self.realPath(of: descriptor, at: path) == realPath else {
      close(descriptor)
      throw .replaced
    }
    self.path = path
    #if os(Linux)
      sharedPath = "/proc/\(getpid())/fd/\(descriptor)"
    #else
      sharedPath = realPath
    #endif
    self.descriptor = descriptor
  }

  /// Raises this process's limit on open files, as far as the system
  /// allows, so that `count` more can be held open at once (an album's zip
  /// holds each original open until it is written; the usual soft limit is
  /// 1,024). Best effort: where it cannot, opening says why.
  package static func allow(_ count: Int) {
    #if os(Linux)
      let resource = Int32(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    var limit = rlimit()
    guard getrlimit(resource, &limit) == 0 else { return }
    let wanted = rlim_t(count + 256)
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(resource, &limit)
  }

  deinit {
    if let descriptor { close(descriptor) }
  }

  /// Why an approved file was not opened.
  public enum Refusal: Error, Sendable {
    /// A link was swapped in for it or for a folder on its path.
    case replaced
    /// No longer a regular file (a FIFO, a device, a folder).
    case notRegular
    case unreadable(Error)

    package var message: String {
      switch self {
      case .replaced: "it was replaced by a symbolic link while the site was read; it was not read"
      case .notRegular: "it is no longer a regular file; it was not read"
      case .unreadable(let error): "cannot read file (\(OSReason.describe(error)))"
      }
    }
  }

  /// The real path of the file `descriptor` is open on (`path` names it):
  /// where Linux's `/proc/self/fd/N` leads, Darwin's `F_GETPATH`.
  private static func realPath(of descriptor: Int32, at path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    #if os(Linux)
      let count = readlink(path, &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return PathBytes.string(buffer.prefix(count).map { UInt8(bitPattern: $0) })
    #else
      guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
      return PathBytes.string(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    #endif
  }

}
