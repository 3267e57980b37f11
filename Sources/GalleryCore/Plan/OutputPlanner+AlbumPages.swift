/// How an album's items are drawn on its pages: the split into pages (of
/// items, or of whole sections for the parks list), a later page's context,
/// and the cards and sections the templates show.
extension OutputPlanner {
  /// How `album`'s items are split into pages (site.yml `page_size`).
  func pageSplit(_ album: Album) -> PageSplit {
    PageSplit(folder: album.path, count: album.items.count, size: site.config.pageSize)
  }

  /// The context of a page after the first of `album` (whose first page has
  /// `first`), at `here`: its own link to share (og:url), with the album's
  /// description and picture, and a breadcrumb back to the first page.
  func laterPage(
    of album: Album, like first: PageContext, trail: [Album], at here: String, kind: PageKind
  ) -> PageContext {
    var page = context(here, title: album.title, kind: kind)
    page.preview.description = first.preview.description
    page.preview.image = first.preview.image
    page.trail =
      crumbs(trail, below: album, from: here) + [
        Link(title: album.title, href: PagePath.relative(from: here, to: album.path))
      ]
    return page
  }

  /// How `album`, shown as sections, is split into pages of whole sections.
  func sectionSplit(_ album: Album) -> SectionSplit {
    SectionSplit(
      folder: album.path, shown: album.albums.map { pageSplit($0).range(1).count }, size: site.config.pageSize)
  }

  /// What the list of page `number` tells the lightbox; nil when the album is one page.
  func pageLinks(_ split: PageSplit, _ number: Int) -> AlbumPageLinks? {
    guard let pager = split.pager(number) else { return nil }
    return AlbumPageLinks(
      previous: pager.previous, next: pager.next, first: split.range(number).lowerBound, total: split.count)
  }

  /// The section of a child album on its parent's page shown as sections
  /// (the parks list): its first page of items, then a link to the album's
  /// second page for the rest, where the lightbox walks on too.
  /// `after` pictures come before it on that page; `start` items come before
  /// it in the list's walk (`parkStarts`).
  func firstPageSection(
    _ album: Album, on page: String, edit: CaptionEdit?, after: Int, start: Int
  ) -> PhotoSection {
    let split = pageSplit(album)
    let cards = itemCards(album, shownOn: page, edit: edit, range: split.range(1), after: after)
    var section = section(album, cards: cards, on: page)
    section.paging = AlbumPageLinks(first: 0, total: split.count, start: start)
    guard split.isPaged else { return section }
    section.count = Text.count(album.items.count, "photo")
    section.more = Link(
      title: "More of \(album.title): page 2 of \(split.pages)",
      href: PagePath.relative(from: page, to: split.path(2)))
    section.paging?.next = PagePath.relative(from: page, to: split.path(2))
    return section
  }

  /// Where each park of `album`, shown as sections, starts in the lightbox's
  /// walk through the whole list, which goes through every item of each park
  /// in turn; the last is the number of them all.
  func parkStarts(_ album: Album) -> [Int] {
    album.albums.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1.items.count) }
  }

  /// The walk of page `number` of `split`, the list's pages, whose first park
  /// starts at `first`; `total` items in all.
  func parksWalk(_ split: SectionSplit, _ number: Int, first: Int, total: Int) -> AlbumPageLinks {
    let pager = split.split.pager(number)
    return AlbumPageLinks(previous: pager?.previous, next: pager?.next, first: first, total: total)
  }

  /// The items of `album` in `range` (all by default) as thumbnails on the
  /// page at `page`, linking to their own pages; `after` pictures come
  /// before them on that page; `grid` when the page opens as a grid.
  func itemCards(
    _ album: Album, shownOn page: String, edit: CaptionEdit?, range: Range<Int>? = nil, after: Int,
    grid: Bool = false
  ) -> [PhotoItem] {
    let root = PagePath.root(of: page)
    let range = range ?? album.items.indices
    return album.items[range].enumerated().compactMap { offset, item in
      let index = range.lowerBound + offset
      let path = self.path(.photo, item.slug, section: album.path)
      let lazy = after + offset >= ResponsiveImage.firstScreen
      let sizes = grid ? ResponsiveImage.gridSizes : ResponsiveImage.listSizes
      guard let thumb = images.gridImage(item.photo, alt: item.caption, root: root, lazy: lazy, sizes: sizes) else {
        return nil
      }
      let ratio = site.config.grid == .justified ? PhotoItem.ratio(thumb.width, thumb.height) : nil
      return PhotoItem(
        id: path, caption: item.caption, href: root + path, thumb: thumb, index: index, ratio: ratio,
        editCaption: edit?(index),
        info: InfoPanel.make(for: item.photo, config: site.config), video: VideoView(item.photo, root: root),
        live: item.live.flatMap { VideoView($0, root: root) })
    }
  }

  /// The section that shows `album`'s items on the page at `page`, linking to the album's own page.
  func section(_ album: Album, cards: [PhotoItem], on page: String) -> PhotoSection {
    PhotoSection(
      id: album.slug, title: album.title, count: Text.count(cards.count, "photo"),
      href: album.path == page ? nil : PagePath.relative(from: page, to: album.path), photos: cards)
  }
}
