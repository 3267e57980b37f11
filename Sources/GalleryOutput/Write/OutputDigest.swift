import Crypto
import Foundation
import GalleryCore

/// A digest of everything a build would write: every file's path and bytes and
/// every derivative's name and every zip's path and cached name. Equal digests mean an identical site, so a rebuild
/// with no change skips the staging copy and swap entirely.
struct OutputDigest {
  let value: String

  init(files: [OutputFile], derivatives: [Derivative], archives: [ArchiveJob] = []) {
    var hasher = SHA256()
    for file in files.sorted(by: { $0.path < $1.path }) {
      hasher.update(data: Data(file.path.utf8))
      hasher.update(data: Data([0]))
      hasher.update(data: SHA256.hash(data: file.data).withUnsafeBytes { Data($0) })
    }
    for name in Set(derivatives.map(\.fileName)).sorted() {
      hasher.update(data: Data(name.utf8))
      hasher.update(data: Data([0]))
    }
    for archive in Set(archives.map { "\($0.path)\u{0}\($0.fileName)" }).sorted() {
      hasher.update(data: Data(archive.utf8))
      hasher.update(data: Data([0]))
    }
    value = hasher.finalize().hex
  }

  /// Whether `record`, the saved digest of the last site written, is this one.
  func matches(_ record: Data?) -> Bool { record.map { String(decoding: $0, as: UTF8.self) } == value }
}
