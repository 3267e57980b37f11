import GalleryCore
import GalleryImages

/// What `serve` and `preview` keep between rebuilds of the site they serve, so
/// an edit costs what it changes. Each stage is handed only its own part:
/// Plan the jobs it planned, Images what the cache holds, Render the pages it
/// rendered, Write what it left in the folder. A one-off build keeps nothing.
package final class LiveState: Sendable {
  /// HTML added before `</body>` of every page: the live-reload script.
  package let bodySuffix: String
  /// Pages are written at once and photos not yet in the cache are left for
  /// later, made in the background (`preview`).
  package let defersImages: Bool
  /// Pages carry the links to the edit forms (`serve`, unless editing is off).
  package let editing: Bool
  /// The last site that built, for the edit forms to read.
  package let latest = Locked<LiveSnapshot?>(nil)
  package let jobs = KnownJobs()
  package let cache = KnownCache()
  package let pages = KnownPages()
  package let output = KnownOutput()
  package let searchTerms = KnownSearchTerms()
  /// The cache's files (derivatives and zips) the last rebuild kept when it
  /// pruned the rest, as a fingerprint (`Pipeline.keptFingerprint`).
  package let keptInCache = Locked<Int?>(nil)
  /// content/photos/ as the last load read it, with the sizes and times of
  /// its files then: a rebuild whose snapshot shows the same files reuses it.
  package let photos = Locked<(files: [String: FileAttributes], loaded: LoadedPhotos)?>(nil)
  /// The photo index the last rebuild saved: read from the disk only once.
  package let photoIndex = Locked<PhotoIndex?>(nil)

  package init(bodySuffix: String, defersImages: Bool, editing: Bool = false) {
    self.bodySuffix = bodySuffix
    self.defersImages = defersImages
    self.editing = editing
  }
}

/// A site that built, and the image jobs its pages show: what the edit forms
/// list (breeds, their photos, thumbnails) and how they draw the layout.
package struct LiveSnapshot: Sendable {
  package var site: Site
  package var jobs: [ImageJob]
}
