import GalleryCore

/// Writes one zip from files on disk: the edge the albums' zips go through,
/// as images go through `ImageCodec`. `ZipArchiveWriter` is libzip; tests can
/// count or fail writes with their own.
package protocol ArchiveWriter: Sendable {
  /// Writes a zip of `entries`, in order, to `path`, which must not exist
  /// yet, reading each member from its file as it goes: memory stays flat
  /// whatever the files' sizes. Leaves nothing at `path` when it throws.
  func write(_ entries: [ArchiveEntry], to path: String) throws(ArchiveError)
}

/// One member of a zip: its name inside, the file its bytes come from, and
/// its time.
package struct ArchiveEntry: Sendable, Hashable {
  package var name: String
  package var path: String
  package var time: DOSTime

  package init(name: String, path: String, time: DOSTime) {
    self.name = name
    self.path = path
    self.time = time
  }
}

package struct ArchiveError: Error, Sendable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}
