import Foundation
import GalleryCore

/// The photo index, one JSON file per photo folder in `indexFolder`, each
/// named by its folder (`PhotoIndex.shardName`) and of the shape the whole
/// index had (`PhotoIndex.json`). A build of one album reads and writes only
/// that album's file: decoded whole, the index of 20,000 photos (5 MB) took
/// 43 MB of heap (issue 24). A shard that is missing, unreadable or of an
/// older version reads as empty, and its photos are read again.
extension DerivativeCache {
  /// Where `folder`'s entries are kept, for messages too.
  package func indexFile(folder: String) -> String {
    Path.join(indexFolder, PhotoIndex.shardName(of: folder))
  }

  /// The saved photo index, every shard merged, or an empty one (every photo
  /// is then read again once), with the hashes of photos known not to decode.
  /// A cache from before the shards (no `indexFolder`) has its one file read.
  package func loadIndex() -> PhotoIndex {
    var index: PhotoIndex
    if fileSystem.isDirectory(indexFolder) {
      let names = ((try? fileSystem.entries(of: indexFolder)) ?? []).filter(PhotoIndex.isShardName)
      index = PhotoIndex.merged(names.lazy.compactMap { self.loadShard(at: Path.join(self.indexFolder, $0)) })
    } else {
      index = loadShard(at: indexFile) ?? PhotoIndex()
    }
    index.undecodable = loadRenders().compactMapValues(\.failure)
    return index
  }

  /// `folder`'s shard alone; its `undecodable` is left empty. Only the shards
  /// are read: a cache from before them reads as empty here until the next
  /// `save(index:previous:)`.
  package func loadIndex(folder: String) -> PhotoIndex {
    loadShard(at: indexFile(folder: folder)) ?? PhotoIndex()
  }

  /// Saves the shards of the folders whose entries differ from `previous`'s
  /// (the index the build loaded), and removes those of folders with no
  /// entries any more. Every shard is written, and any other removed, when
  /// `previous` is nil or of another version or tags (nothing loaded,
  /// `--force`), and for a cache from before the shards, whose one file then goes.
  package func save(index: PhotoIndex, previous: PhotoIndex?) throws {
    let migrating = !fileSystem.isDirectory(indexFolder)
    try fileSystem.createFolder(indexFolder)
    let previous = previous.flatMap { previous in
      migrating || previous.version != index.version || previous.metadataTags != index.metadataTags ? nil : previous
    }
    let keys = index.keysByFolder()
    let previousKeys = previous?.keysByFolder() ?? [:]
    for (folder, folderKeys) in keys {
      let shard = index.shard(keys: folderKeys)
      if let previous, previous.shard(keys: previousKeys[folder] ?? []) == shard { continue }
      try save(shard: shard, folder: folder)
    }
    if previous == nil {
      pruneIndex(keepingFolders: Set(keys.keys))
    } else {
      for folder in previousKeys.keys where keys[folder] == nil {
        try save(shard: PhotoIndex(), folder: folder)
      }
    }
    // Once the folder exists the old file is never read again: one that
    // cannot be removed is only a few stale megabytes.
    if migrating { try? fileSystem.remove(indexFile) }
  }

  /// Saves `folder`'s shard, whose entries are all of that folder; a shard
  /// with none has its file removed.
  package func save(shard: PhotoIndex, folder: String) throws {
    let path = indexFile(folder: folder)
    guard !shard.entries.isEmpty else {
      if fileSystem.exists(path) { try fileSystem.remove(path) }
      return
    }
    try fileSystem.write(try shard.json(), to: path)
  }

  /// Removes the shards of every folder but these. Only files named as
  /// shards are (`PhotoIndex.isShardName`); what else is in the folder stays.
  package func pruneIndex(keepingFolders folders: Set<String>) {
    let kept = Set(folders.map(PhotoIndex.shardName(of:)))
    for name in (try? fileSystem.entries(of: indexFolder)) ?? []
    where PhotoIndex.isShardName(name) && !kept.contains(name) {
      try? fileSystem.remove(Path.join(indexFolder, name))
    }
  }

  /// A saved index or shard of the current version, else nil.
  private func loadShard(at path: String) -> PhotoIndex? {
    guard let shard = load(PhotoIndex.self, from: path), shard.version == PhotoIndex.currentVersion else { return nil }
    return shard
  }
}
