import Foundation

/// One writer per output at a time, like git's `index.lock`, but with `flock(2)`
/// on the folder that holds the output: the kernel drops it when the holder
/// exits or is killed, so a crash never leaves a stale lock, and no lock file
/// is left beside the user's files.
final class OutputLock {
  private let descriptor: Int32

  /// Waits until no other build holds the lock on `output`'s folder; `waiting`
  /// is told once if it has to wait.
  init(output: String, waiting: (String) -> Void) throws {
    let parent = (output as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    descriptor = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
    waiting("another catgallery build is writing \(output); waiting for it to finish")
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        close(descriptor)
        throw failure
      }
    }
  }

  deinit { close(descriptor) }
}
