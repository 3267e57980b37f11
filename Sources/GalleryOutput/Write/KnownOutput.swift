import Foundation
import GalleryCore

/// What the last in-place update left in a live site's folder: file bytes by
/// path, the derivative names placed under images/ and the albums' zips. With it, unchanged
/// files are skipped without reading the disk, and only files the update wrote
/// can be stale. Kept by `LiveState`.
package final class KnownOutput: Sendable {
  package struct Contents {
    package var files: [String: Data]
    var derivatives: Set<String>
    /// A fingerprint of the derivatives the update was given (`fingerprint`):
    /// given the same list, the next has nothing to place or remove under
    /// images/ (a caption edit), and skips naming each of them. Not the list
    /// itself: a 20,000-photo preview gives a quarter of a million.
    var given: Int? = nil
    /// The albums' zips: the cached name (`ArchiveJob.fileName`) at each path.
    var archives: [String: String] = [:]
  }

  private let state = Locked<Contents?>(nil)

  /// Nil before the first update, and after a failed one.
  package var contents: Contents? { state.current }

  func remember(_ contents: Contents) { state.set(contents) }

  /// After a failed update the folder is in an unknown state: compare with the disk again.
  package func forget() { state.set(nil) }
}
