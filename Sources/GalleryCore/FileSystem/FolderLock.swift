import Foundation

/// An exclusive lock on a folder, held until this value is released: one
/// writer per output at a time, like git's `index.lock`.
public final class FolderLock: Sendable {
  private let release: @Sendable () -> Void

  package init(release: @escaping @Sendable () -> Void) { self.release = release }

  deinit { release() }

  /// `flock(2)` on the folder itself: the kernel drops it when the holder exits
  /// or is killed, so a crash never leaves a stale lock, and no lock file is
  /// left beside the user's files. Waits until no other process holds it;
  /// `waiting` is told once if it has to wait.
  static func exclusive(_ folder: String, waiting: () -> Void) throws -> FolderLock {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let lock = FolderLock { close(descriptor) }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return lock }
    waiting()
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    return lock
  }
}
