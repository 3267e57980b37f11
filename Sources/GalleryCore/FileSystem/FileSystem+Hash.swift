import Crypto
import Foundation

extension FileSystem {
  /// The content hash that names a photo's bytes (`PhotoFile.hash`): the
  /// first 12 bytes of their SHA-256 in hex, read in pieces.
  package func contentHash(of path: String) throws -> String {
    var hasher = SHA256()
    try read(path, inPiecesOf: 1 << 20) { hasher.update(data: $0) }
    return hasher.finalize().prefix(12).hex
  }
}
