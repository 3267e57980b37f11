import Crypto
import Foundation

/// Derivatives on disk, named by content hash, plus each photo's placeholder
/// colour and decoder warnings.
/// Freshness is decided by hashes alone, so the cache survives clones and renames,
/// and deleting it is always safe.
public struct DerivativeCache: Sendable {
  public let folder: String
  let fileSystem: FileSystem
  var derivatives: String { folder + "/derivatives" }
  var placeholderFile: String { folder + "/placeholders.json" }
  public var indexFile: String { folder + "/photos.json" }
  /// The last clean build's fingerprint (`BuildRecord`).
  var buildRecord: String { folder + "/build.json" }

  /// Where the digest of the last site written to `output` is kept.
  func outputRecord(for output: String) -> String {
    let key = SHA256.hash(data: Data(output.utf8)).prefix(8).hex
    return folder + "/outputs/" + key
  }

  public init(folder: String, fileSystem: FileSystem) {
    self.folder = folder
    self.fileSystem = fileSystem
  }

  func fileName(_ derivative: Derivative) -> String {
    derivative.hash + "." + derivative.spec.format.fileExtension
  }

  func path(of derivative: Derivative) -> String { derivatives + "/" + fileName(derivative) }

  func has(_ derivative: Derivative) -> Bool {
    fileSystem.exists(path(of: derivative))
  }

  /// Puts a derivative into an output's images `folder`: a hard link costs no
  /// copy; a cache on another file system falls back to copying. A file
  /// already there (a thumbnail `preview` made on request) stays.
  func place(_ derivative: Derivative, in folder: String) throws {
    let target = folder + "/" + derivative.fileName
    if fileSystem.exists(target) { return }
    try fileSystem.link(path(of: derivative), to: target)
  }

  /// A cache file that could not be saved: the build still stands, but every
  /// build after it does the same work again, so it is said, never swallowed.
  func unsaved(_ path: String, _ what: String, _ error: Error) -> Diagnostic {
    .warning(
      "cannot save \(what) (\(OSReason.describe(error))); the next build will do this work again",
      at: SourceLocation(file: path))
  }

  /// Removes derivatives no job of this build needs. Returns how many went.
  /// Only files named as a derivative is (`<hex hash>.<format>`) are touched:
  /// whatever else ended up in the folder is not the cache's to delete.
  func prune(keeping keep: Set<String>) -> Int {
    let names = (try? fileSystem.entries(of: derivatives)) ?? []
    let extensions = Set(DerivativeSpec.Format.allCases.map(\.fileExtension))
    var removed = 0
    for name in names where !keep.contains(name) {
      let parts = name.split(separator: ".")
      guard parts.count == 2, extensions.contains(String(parts[1])), parts[0].allSatisfy(\.isHexDigit) else { continue }
      if (try? fileSystem.remove(derivatives + "/" + name)) != nil { removed += 1 }
    }
    return removed
  }
}
