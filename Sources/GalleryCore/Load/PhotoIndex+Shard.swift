import Crypto
import Foundation

/// The index kept a folder at a time (issue 24): a build of one album reads
/// and writes only that album's entries, and a change in one folder rewrites
/// one small file, not the entries of every photo.
extension PhotoIndex {
  /// The folder whose shard holds the entry of `key`: "" for a photo at the top.
  package static func folder(of key: String) -> String { Path.parent(of: key) }

  /// The file name of `folder`'s shard: the first 16 hex digits of the
  /// SHA-256 of its path, so any folder name (accents, slashes, great depth)
  /// gives a short, safe name of one shape.
  package static func shardName(of folder: String) -> String {
    SHA256.hash(data: Data(folder.utf8)).prefix(8).hex + ".json"
  }

  /// Whether `name` is one `shardName(of:)` gives: only such files are the
  /// index's to remove.
  package static func isShardName(_ name: String) -> Bool {
    guard name.hasSuffix(".json") else { return false }
    let digits = name.utf8.dropLast(".json".utf8.count)
    return digits.count == 16 && digits.allSatisfy { Self.hexDigits.contains($0) }
  }

  private static let hexDigits = Set("0123456789abcdef".utf8)

  /// The same version and tags with only `folder`'s entries. Looks at every
  /// entry; `keysByFolder` groups them once for many folders.
  package func shard(_ folder: String) -> PhotoIndex {
    shard(keys: entries.keys.filter { Self.folder(of: $0) == folder })
  }

  /// The same version and tags with only these keys' entries.
  package func shard(keys: [String]) -> PhotoIndex {
    var shard = PhotoIndex()
    shard.version = version
    shard.metadataTags = metadataTags
    shard.entries.reserveCapacity(keys.count)
    for key in keys { shard.entries[key] = entries[key] }
    return shard
  }

  /// Every entry's key, by its folder.
  package func keysByFolder() -> [String: [String]] {
    Dictionary(grouping: entries.keys, by: Self.folder(of:))
  }

  /// The shards as one index. The tags stay only while every shard was read
  /// for the same ones: otherwise none are trusted, so every photo's metadata
  /// is read again (`holdsTagsRead`), its header still not.
  package static func merged(_ shards: some Sequence<PhotoIndex>) -> PhotoIndex {
    var index = PhotoIndex()
    for (number, shard) in shards.enumerated() {
      if number == 0 {
        index.version = shard.version
        index.metadataTags = shard.metadataTags
      } else if index.metadataTags != shard.metadataTags {
        index.metadataTags = []
      }
      index.entries.merge(shard.entries) { _, new in new }
    }
    return index
  }
}
