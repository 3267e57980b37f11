import Foundation
import GalleryCore

extension FetchChanges {
  /// The manifest to write after this run: nil when it would list nothing
  /// and there is none yet (a site that never fetched a photo gets no file).
  func manifestDocument(_ entries: [PhotoManifest.Entry]) -> Data? {
    guard !entries.isEmpty || fileSystem.exists(Path.join(root, PhotoManifest.file)) else { return nil }
    return try? PhotoManifest(photos: Self.manifestOrder(entries)).encoded()
  }

  /// The manifest's entries by folder, each folder's in the order its source
  /// listed them (a breed's cover first): the same photos give the same
  /// bytes whichever parts a run asked for, so a run with nothing new leaves
  /// the file alone.
  static func manifestOrder(_ entries: [PhotoManifest.Entry]) -> [PhotoManifest.Entry] {
    entries.enumerated().sorted { a, b in
      let left = (a.element.file as NSString).deletingLastPathComponent
      let right = (b.element.file as NSString).deletingLastPathComponent
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
  }
}
