/// One page of a paged album as JSON, written beside the page as
/// `items.json`: what the lightbox needs to walk on past the first or last
/// item of the page it was opened on (`templates/js/album-pages.js`) without
/// loading the next page's HTML. URLs are relative to the page's folder, as
/// they are in its HTML, so the script resolves them against the JSON's URL.
struct AlbumPageData: Sendable, Hashable, Encodable {
  /// An item as its thumbnail link carries it (`partials/item.mustache`).
  struct Entry: Sendable, Hashable, Encodable {
    /// The item's own page from the site root: the lightbox's `#photo=` id.
    var id: String
    var href: String
    var caption: String
    /// The photo's own file name without extension, for the lightbox's download.
    var name: String
    /// "photo" or "video".
    var kind: String
    var full: String
    var srcset: String
    var width: Int
    var height: Int
    var thumb: Thumb
    /// The info panel's rows as JSON, when the site shows one.
    var info: String?
    var video: String?
    var live: String?
  }

  /// The square thumbnail: the saved page keeps it when the item is saved
  /// from the lightbox.
  struct Thumb: Sendable, Hashable, Encodable {
    var src: String
    var srcset: String
    var sources: [ResponsiveImage.Source]
    var width: Int
    var height: Int
    /// The mean colour, filled in by `coloured(_:)` once the Images stage knows it.
    var placeholder = Placeholder.unknown
    /// The photo's content hash, which names its colour; not written.
    var photoHash: String

    enum CodingKeys: String, CodingKey {
      case src, srcset, sources, width, height, placeholder
    }
  }

  var page: Int
  var pages: Int
  /// The album position of the first item here (from 0), and the album's size.
  var first: Int
  var total: Int
  /// A park's section on a page of the parks list: where the park starts in
  /// the list's walk (`AlbumPageLinks.start`).
  var start: Int?
  /// The folders of the pages before and after, relative to this one.
  var previous: String?
  var next: String?
  var items: [Entry]
  /// A page of the parks list: its parks' sections, each the first page of
  /// its park (whose `next` leads on into the park's own pages), where an
  /// album's page has `items`. Then `first` and `total` count the whole list.
  var sections: [AlbumPageData]?

  init(_ split: PageSplit, page number: Int, items: [PhotoItem]) {
    page = number
    pages = split.pages
    first = split.range(number).lowerBound
    total = split.count
    let pager = split.pager(number)
    previous = pager?.previous
    next = pager?.next
    self.items = items.map(Self.entry)
  }

  /// Page `number` of the parks list split by `split`, showing `sections`,
  /// with the list's walk (`ParksModel.walk`).
  init(_ split: PageSplit, page number: Int, sections: [PhotoSection], walk: AlbumPageLinks) {
    page = number
    pages = split.pages
    first = walk.first
    total = walk.total
    previous = walk.previous
    next = walk.next
    items = []
    self.sections = sections.map { section in
      let paging = section.paging ?? AlbumPageLinks(first: 0, total: section.photos.count)
      return AlbumPageData(park: section.photos, paging)
    }
  }

  /// A park's first page, as its section on the parks list shows it.
  private init(park items: [PhotoItem], _ paging: AlbumPageLinks) {
    page = 1
    // A paged park's first page holds a whole page of its items.
    pages = max(1, (paging.total + max(1, items.count) - 1) / max(1, items.count))
    first = paging.first
    total = paging.total
    start = paging.start
    next = paging.next
    self.items = items.map(Self.entry)
  }

  /// An item as its thumbnail link carries it.
  static func entry(_ item: PhotoItem) -> Entry {
    Entry(
      id: item.id, href: item.href, caption: item.caption, name: item.thumb.name,
      kind: item.video == nil ? "photo" : "video",
      full: item.thumb.full, srcset: item.thumb.fullSrcset, width: item.thumb.fullWidth,
      height: item.thumb.fullHeight,
      thumb: Thumb(
        src: item.thumb.src, srcset: item.thumb.srcset, sources: item.thumb.sources, width: item.thumb.width,
        height: item.thumb.height, photoHash: item.thumb.placeholder.photoHash),
      info: item.info?.json, video: item.video?.src, live: item.live?.src)
  }
}

extension AlbumPageData {
  /// This page with each thumbnail's placeholder colour from `colours`, by
  /// photo content hash (`Placeholder`).
  func coloured(_ colours: [String: String]) -> AlbumPageData {
    var page = self
    for index in page.items.indices {
      let thumb = page.items[index].thumb
      page.items[index].thumb.placeholder = colours[thumb.photoHash] ?? Placeholder.unknown
    }
    page.sections = sections?.map { $0.coloured(colours) }
    return page
  }
}
