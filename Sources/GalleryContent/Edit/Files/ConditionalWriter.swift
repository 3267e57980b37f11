import Foundation
import GalleryCore

/// Reads and writes one of the user's own files (`cats.json`, `parks.plist`)
/// so that no update is lost: a write goes through only if the file still has
/// the content hash it had when it was read, and then atomically (a temporary
/// file in the same folder, synced, renamed over the file), so a killed write
/// leaves the old file. Everything goes through the `FileSystem` edge.
struct ConditionalWriter: Sendable {
  let fileSystem: any FileSystem
  /// The absolute path of the file.
  let path: String
  /// The path as the user knows it (`content/cats.json`), for messages.
  let file: String

  /// The file's bytes and hash. A missing file is a snapshot with no data; a
  /// link or anything but a plain file is refused, as renaming over it would
  /// replace the link, not what it leads to.
  func read() throws(EditError) -> FileSnapshot {
    let entry = fileSystem.entry(at: path)
    if entry.isLink {
      throw .unsupported(file: file, reason: "it is a symbolic link; edit the file it leads to")
    }
    switch entry.kind {
    case .missing: return FileSnapshot(data: nil)
    case .file: break
    default: throw .unsupported(file: file, reason: "it is not a plain file")
    }
    do {
      return FileSnapshot(data: try fileSystem.contents(of: path))
    } catch {
      throw .io(file: file, reason: OSReason.describe(error))
    }
  }

  /// Reads the file, lets `edit` turn its bytes (nil: no file) into new ones,
  /// and writes those if the file is still as read and, with `expecting`, as
  /// it was when that hash was taken (a form rendered earlier). Returns the
  /// value `edit` gives with the bytes (a new record's id).
  func update<Value>(expecting hash: String? = nil, _ edit: (Data?) throws(EditError) -> (Data, Value))
    throws(EditError) -> Value
  {
    let snapshot = try read()
    if let hash, hash != snapshot.hash { throw .changedOnDisk(file: file) }
    let (data, value) = try edit(snapshot.data)
    try write(data, replacing: snapshot)
    return value
  }

  /// Writes `data` if the file on disk still has `snapshot`'s bytes;
  /// otherwise throws `.changedOnDisk` and leaves the file as it is. Writes
  /// nothing when `data` is what was read.
  func write(_ data: Data, replacing snapshot: FileSnapshot) throws(EditError) {
    guard data != snapshot.data else { return }
    try write(data, expecting: snapshot.hash)
  }

  /// Writes `data` if the file has the SHA-256 `hash` (nil: if there is no
  /// file), checked after the new bytes are synced beside it and just before
  /// they are renamed into place. The file's folder is locked meanwhile, so
  /// two catgallery processes (a command and a server's form) cannot both
  /// pass the check before either renames; other programs take no such lock,
  /// and for them the check leaves only the instant before the rename. The
  /// temporary files killed catgallery writers left in the folder go first.
  func write(_ data: Data, expecting hash: String?) throws(EditError) {
    let (fileSystem, path, file) = (self.fileSystem, self.path, self.file)
    do {
      let folder = (path as NSString).deletingLastPathComponent
      let lock = try fileSystem.lock(folder) {}
      defer { withExtendedLifetime(lock) {} }
      // A catgallery process killed before its rename left its temporary file here.
      fileSystem.removeStaleTemporaries(in: folder)
      try fileSystem.replace(path, with: data) {
        let current = try fileSystem.exists(path) ? fileSystem.contents(of: path) : nil
        guard current.map(FileSnapshot.hash) == hash else { throw EditError.changedOnDisk(file: file) }
      }
    } catch let error as EditError {
      throw error
    } catch {
      throw .io(file: file, reason: OSReason.describe(error))
    }
  }
}
