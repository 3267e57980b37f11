import Foundation

/// The file-system edge: every read and write of the program goes through it,
/// so the stages between Load and Write never touch the disk and tests can
/// run a whole build in memory. Paths are absolute. Errors are the OS's own
/// (`POSIXError`), which `OSReason` puts in words.
public protocol FileSystem: Sendable {
  func contents(of path: String) throws -> Data
  /// At most the first `count` bytes.
  func prefix(of path: String, count: Int) throws -> Data
  /// The bytes in pieces of at most `size`, in order, without holding the
  /// whole file: a clip may be larger than memory.
  func read(_ path: String, inPiecesOf size: Int, _ body: (Data) -> Void) throws
  func exists(_ path: String) -> Bool
  func isDirectory(_ path: String) -> Bool
  /// Names of the entries directly inside `path`, sorted.
  func entries(of path: String) throws -> [String]
  /// Size in bytes and modification time, for the cache index.
  func attributes(of path: String) throws -> FileAttributes
  /// `attributes(of:)`, and when the file's status last changed (its ctime,
  /// in seconds), from one look at the file: every write, chmod, rename or
  /// new link sets it, and no tool sets it back, where a copy that keeps
  /// times (`cp -p`, `rsync -t`) restores the modification time.
  func status(of path: String) throws -> (attributes: FileAttributes, changed: Double)
  /// What is at `path`, without following a link at its end, and where the
  /// path really leads (every link resolved).
  func entry(at path: String) -> FileEntry
  /// What is at `path` and whether the path itself is a link, as `entry(at:)`
  /// says, without resolving where it leads: one or two stat calls, for a
  /// walk over thousands of files.
  func kind(at path: String) -> (kind: FileEntry.Kind, isLink: Bool)
  /// Every path below `folder`, relative to it, links not followed.
  func subpaths(of folder: String) throws -> [String]
  /// The file at `realPath` (a path a boundary check approved) held open, so
  /// that what is read is what was checked (`OpenedFile`).
  func open(checked realPath: String) throws(OpenedFile.Refusal) -> OpenedFile

  /// Creates the folder and any missing parent; an existing folder is fine.
  func createFolder(_ path: String) throws
  /// Creates one folder in a parent that exists, and nothing else: one
  /// mkdir(2), for a writer that knows which folders it made (a staging
  /// folder's thousands). Anything already there is an error.
  func makeFolder(_ path: String) throws
  /// Creates `path` as a new file and writes `data`, with no temporary file
  /// and no sync: for files in a staging folder, which becomes the site only
  /// by a rename. A file already there is replaced by a new one, never
  /// written through (it may be a hard link into the last good output).
  func create(_ path: String, with data: Data) throws
  /// Replaces `path` by renaming a complete new file over it, creating its
  /// folder if needed: a reader sees the old bytes or the new, never part.
  /// `durable` syncs the new file first, for the user's files and the cache;
  /// output that can always be rebuilt skips it.
  func replace(_ path: String, with data: Data, durable: Bool) throws
  /// Replaces `path` durably, as `replace(_:with:durable:)` does, but only if
  /// `precondition` does not throw: it runs after the new bytes are complete
  /// and synced beside `path`, just before the rename, so the window in which
  /// another writer could slip in is as short as the edge can make it. When it
  /// throws, the temporary file is removed, `path` is untouched and its error
  /// is rethrown. For the user's own files (edits), which must not be
  /// overwritten if they changed since they were read.
  func replace(_ path: String, with data: Data, checking precondition: () throws -> Void) throws
  /// Removes a file, a link (not what it leads to) or a whole folder.
  func remove(_ path: String) throws
  /// Removes a folder only if it is empty: what appeared in it stays.
  func removeEmptyFolder(_ path: String) throws
  /// rename(2): a file at `target` is replaced.
  func move(_ path: String, to target: String) throws
  /// Moves only if nothing is at `target`: a plain rename would silently
  /// replace an empty folder that appeared there.
  func moveNew(_ path: String, to target: String) throws
  /// Exchanges two folders in one step. False where the file system cannot,
  /// so the caller can fall back to two moves.
  func exchange(_ first: String, _ second: String) throws -> Bool
  /// Puts `source`'s bytes at `target` as a hard link, or a copy where a link
  /// cannot be made (another file system).
  func link(_ source: String, to target: String) throws
  /// An exclusive lock on `folder`, held until the lock is released, for one
  /// writer per output. `waiting` is told once if another holder makes it wait.
  func lock(_ folder: String, waiting: () -> Void) throws -> FolderLock
  /// A unique name beside `path` for a file written elsewhere before it is
  /// moved into place.
  func temporaryPath(for path: String) -> String
  /// Removes the temporary files an atomic replace left in `folder` (not
  /// below) when its writer was killed between writing and renaming; those of
  /// a writer still running stay. Best effort: what cannot go stays.
  func removeStaleTemporaries(in folder: String)
}

extension FileSystem {
  package func kind(at path: String) -> (kind: FileEntry.Kind, isLink: Bool) {
    let entry = entry(at: path)
    return (entry.kind, entry.isLink)
  }

  /// A file system without descriptors (tests' in-memory one) reads by path.
  public func open(checked realPath: String) throws(OpenedFile.Refusal) -> OpenedFile {
    OpenedFile(unopened: realPath)
  }

  /// `replace(_:with:durable:)`, synced: for the user's files and the cache.
  package func write(_ data: Data, to path: String) throws { try replace(path, with: data, durable: true) }
}

/// What a path names, told apart before anything is read from it.
public struct FileEntry: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    case missing, file, folder
    /// A device, FIFO or socket: reading one could block or never end.
    case special
    /// A link to nothing.
    case dangling
    /// A link that leads back to itself.
    case loop
  }

  package var kind: Kind
  /// The path itself is a symbolic link.
  package var isLink: Bool
  /// The path with every link resolved; nil for `missing`, `dangling` and `loop`.
  package var realPath: String?

  init(kind: Kind, isLink: Bool, realPath: String?) {
    self.kind = kind
    self.isLink = isLink
    self.realPath = realPath
  }
}

public struct FileAttributes: Sendable, Hashable, Codable {
  package var size: Int
  package var modified: Double
}
