/// A collection of media items and child albums: the one collection the core
/// knows. A park of parks.plist, a category of categories.plist, a previewed
/// folder and each of its subfolders all load into one; the planner renders
/// every album the same way and never asks where it came from.
package struct Album: Sendable {
  /// How an album's page shows its child albums: as collapsible sections
  /// with every item inline (the parks list), or as cover cards that lead to
  /// each child's own page (categories, subfolders).
  package enum Layout: String, Sendable, Hashable {
    case sections, covers
  }

  package var title: String
  /// URL segment below the parent album; the root albums' slugs are their
  /// folders in the site ("parks", "categories").
  package var slug: String
  /// The album's folder from the site root, ending in `/` ("parks/ohiopyle/");
  /// set by the Model stage once the tree is whole.
  package var path = ""
  /// A one-line plain text under the title (a category's description).
  package var subtitle: String?
  /// Markdown shown above the items (an index.md body), rendered in safe mode.
  package var text: Note?
  /// The item whose thumbnail stands for the album (index.md's `Thumbnail:`),
  /// else the first item, else the first child album's cover.
  package var cover: MediaItem?
  /// Shown in its parent's list of albums; an unlisted album (index.md's
  /// `hidden: true`) still has its page, reached only by its address.
  package var listed = true
  /// Whether it gets a zip, and of what: index.md's `zip:` over site.yml's.
  package var zip = ArchiveChoice.site
  package var albums: [Album] = []
  package var items: [MediaItem] = []
  package var layout = Layout.covers
  /// The menu's icon for a top-level album (`assets/icons.svg#<icon>`).
  package var icon = "grid"
  /// What its child albums are called in counts ("4 parks"), singular and plural.
  package var childNoun = "album"
  package var childNounPlural = "albums"
  /// Its items' captions are edited under `serve` (parks.plist's photos): the
  /// caption form of item `i` of child album `a` is `EditPaths.caption(park: a, photo: i)`.
  package var captionsEditable = false
  /// Where the album was defined, for messages about its pages.
  var pageOrigin: PageOrigin?
  /// Set on an album built on its own and summed up for the pages of the
  /// albums above it (`summarized`), whose items are then let go.
  package var summary: Summary?

  /// What the pages of the albums above an album need of its items once
  /// they are let go (a previewed folder built album by album, issue 24).
  package struct Summary: Sendable {
    /// The folder it was built from, by its path in the previewed folder.
    package var folder: String
    /// Its own items, and how many of them are videos.
    package var items: Int
    package var videos: Int
    /// The earliest date taken in it or below it (its sort key).
    package var earliest: String?
    /// Its items and those below it that an album above names as its cover
    /// (index.md's `Thumbnail:` with a path).
    package var named: [MediaItem] = []
  }

  package init(title: String, slug: String) {
    self.title = title
    self.slug = slug
  }

  /// The child albums its page lists: all but the unlisted ones.
  package var listedAlbums: [Album] { albums.filter(\.listed) }

  /// The number of items in the album and every listed album below it: an
  /// unlisted album's items count on its own page, never on its parent's.
  package var totalItems: Int { ownItems + listedAlbums.reduce(0) { $0 + $1.totalItems } }

  /// The number of videos among `totalItems`.
  package var totalVideos: Int {
    (summary?.videos ?? items.count { $0.kind == .video }) + listedAlbums.reduce(0) { $0 + $1.totalVideos }
  }

  /// The earliest date taken in it or below it (its sort key), nil when none has one.
  package var earliestTaken: String? {
    if let summary { return summary.earliest }
    let own = items.compactMap { MediaOrder.sortKey(taken: $0.photo.metadata.taken) }
    return (own + albums.compactMap(\.earliestTaken)).min()
  }

  /// The number of its own items, held or summed up.
  package var ownItems: Int { summary?.items ?? items.count }

  /// The album as the pages of the albums above it see it: its counts, its
  /// cover, the earliest date below it and the items `named` asks for kept;
  /// its items let go. Its child albums should be summed up already.
  package func summarized(folder: String, named: Set<String>) -> Album {
    var album = self
    var kept = albums.flatMap { $0.summary?.named ?? [] }
    kept += items.filter { named.contains($0.photo.id) || $0.live.map { named.contains($0.id) } == true }
    album.summary = Summary(
      folder: folder, items: ownItems, videos: items.count { $0.kind == .video }, earliest: earliestTaken,
      named: kept)
    album.cover = coverItem
    album.items = []
    return album
  }

  /// The thumbnail that stands for the album: its cover, else its first item,
  /// else the first cover of a listed child album (an unlisted one's photos
  /// never show where it is not listed).
  package var coverItem: MediaItem? {
    cover ?? items.first ?? listedAlbums.lazy.compactMap(\.coverItem).first
  }
}

/// One thing an album shows: a photo now; an animated image or a video later.
/// The source file is `photo`; the rest is what the page says about it.
package struct MediaItem: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable {
    case photo, animated, video
  }

  package var kind = Kind.photo
  package var photo: Photo
  /// The text beside the thumbnail and under the picture; never empty.
  package var caption: String
  /// The whole caption when the photo's own metadata says more than
  /// `TextLimits.caption` characters: the item's page shows it, lists and alt
  /// text `caption`, its beginning. Boxed: nearly every item has none.
  @Boxed package var wholeCaption: String? = nil
  /// A title when the item has one apart from its caption (XMP dc:title, a sidecar's `title`).
  package var title: String?
  /// Where it was taken, as written (a sidecar's `location`).
  package var location: String?
  /// The caption as HTML its Markdown text made, for the item's own page,
  /// when the plain `caption` loses its lists, links or line breaks.
  package var richCaption: RichCaption?
  /// URL segment of the item's own page within its album.
  package var slug: String
  /// A Live Photo's clip, which the pages play in place over the still
  /// (`photo`); the clip is no item of its own (`LivePhotos`).
  @Boxed package var live: Photo? = nil
  var pageOrigin: PageOrigin? = nil

  /// An item of `photo`: a video when it is a clip's poster, animated when
  /// the file has more than one frame.
  package init(photo: Photo, caption: String, slug: String) {
    kind = photo.clip != nil ? .video : photo.isAnimated ? .animated : .photo
    self.photo = photo
    self.caption = caption
    self.slug = slug
  }
}

extension Album {
  /// Sets `path` here and below: this album's folder is `parent` + `slug` + `/`
  /// (`parent` ends in `/` or is empty), each child's is below it.
  package mutating func assignPaths(below parent: String) {
    path = parent + slug + "/"
    for index in albums.indices { albums[index].assignPaths(below: path) }
  }

  /// Every album of the tree, this one first, then depth first in order.
  package var allAlbums: [Album] { [self] + albums.flatMap(\.allAlbums) }
}
