import Crypto
import Foundation

/// A user's file as it was read before an edit: its bytes and their SHA-256,
/// the version a write must still find on disk. A server may hand `hash` to
/// a form and take it back with the post, so an edit made on a page rendered
/// before someone else's change is refused too.
struct FileSnapshot: Sendable, Hashable {
  /// nil when there was no file (the first cat of a site).
  var data: Data?

  /// The SHA-256 of `data` in hex; nil when there was no file.
  var hash: String? { data.map(Self.hash) }

  static func hash(_ data: Data) -> String { SHA256.hash(data: data).hex }
}
