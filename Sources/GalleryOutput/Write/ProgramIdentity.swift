import GalleryCore

/// The running program as the no-change record knows it: its path, size and
/// modification time. A rebuilt binary has another, which makes every record
/// stale (`BuildRecord.fingerprint`). The executable's wiring provides it
/// (`init(executable:fileSystem:)`); tests give a fixed one, or none.
public struct ProgramIdentity: Sendable, Hashable {
  package var path: String
  package var size: Int
  var modified: Double

  package init(path: String, size: Int, modified: Double) {
    self.path = path
    self.size = size
    self.modified = modified
  }

  /// The program at `path` as `fileSystem` sees it; nil when there is no path
  /// or it cannot be read.
  public init?(executable path: String?, fileSystem: FileSystem) {
    guard let path, let attributes = try? fileSystem.attributes(of: path) else { return nil }
    self.init(path: path, size: attributes.size, modified: attributes.modified)
  }
}
