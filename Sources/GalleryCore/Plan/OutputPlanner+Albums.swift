/// Albums: every album of `Site.albums` at every depth gets a page at its
/// folder, and every item a page below it. Where an album came from (a data
/// file, a previewed folder) is not known here; its layout says how its page
/// shows its child albums.
extension OutputPlanner {
  /// `handing` gets the plan after each album's own pages and its items'
  /// pages, before its child albums' (`plan(jobs:handing:)`).
  func planAlbums(into plan: inout OutputPlan, handing: (inout OutputPlan) -> Void) {
    for album in site.albums { planAlbum(album, trail: [], edit: nil, into: &plan, handing: handing) }
  }

  /// The page of `album`, its items' pages, then its child albums' pages.
  /// `trail` holds the albums above it, from the top, for the breadcrumbs;
  /// `edit` gives the caption form of the item at an index (parks under `serve`);
  /// `items` is the album as its pages share it, when its parent made it.
  /// An unlisted album, and all below it, has its pages but is left out of
  /// search and the sitemap: it is reached only by its address.
  /// The pages of `album` and its items' pages alone, as `planAlbums` plans
  /// them, for a previewed folder built album by album (issue 24): its child
  /// albums, summed up (`Album.summarized`), are planned as they are built.
  /// `trail` holds the albums above it, summed up, from the top.
  package func plan(album: Album, trail: [Album], into plan: inout OutputPlan) {
    planAlbum(album, trail: trail, edit: nil, into: &plan, handing: { _ in }, recursing: false)
  }

  private func planAlbum(
    _ album: Album, trail: [Album], edit: CaptionEdit?, items: SharedAlbum? = nil, into plan: inout OutputPlan,
    handing: (inout OutputPlan) -> Void, recursing: Bool = true
  ) {
    let path = album.path
    let own = items ?? SharedAlbum(planner: self, album: album, trail: trail + [album], edit: edit)
    let listed = (trail + [album]).allSatisfy(\.listed)
    var layout = context(path, title: album.title, kind: album.layout == .sections ? .parks : .album)
    layout.trail = crumbs(trail, below: album, from: path)
    layout.preview.describe(album.subtitle ?? count(of: album))
    layout.preview.image = album.coverItem.flatMap { previewImage($0.photo, caption: $0.caption) } ?? siteImage
    let text = album.text.flatMap { Markdown.html($0, nestedBelow: 1) }
    plan.diagnostics += text?.diagnostics ?? []
    // The album's own entry before its items' (`planItemPages`), whose numbers its pages name.
    if listed, !trail.isEmpty || album.layout == .covers {
      plan.search.append(
        SearchEntry(
          kind: trail.last.map { Self.label($0.childNoun) } ?? PageKind.album.row.searchLabel ?? "Album",
          title: album.title,
          text: [album.subtitle ?? "", album.text.map { Markdown.plainText($0.markdown) } ?? ""].joined(separator: " "),
          url: path, place: searchPlace(trail), thumb: searchThumb(album.coverItem?.photo)))
    }
    let shared = SharedPlanner(self)
    // Each child album's sections are made from it as its own pages are.
    let children = album.albums.enumerated().map { number, child in
      SharedAlbum(planner: self, album: child, trail: trail + [album, child], edit: captionEdit(album, child: number))
    }
    switch album.layout {
    case .sections:
      let split = sectionSplit(album)
      let starts = parkStarts(album)
      for (offset, group) in split.groups.enumerated() {
        let number = offset + 1
        let here = split.split.path(number)
        var page = number > 1 ? laterPage(of: album, like: layout, trail: trail, at: here, kind: .parks) : layout
        page.paging(split.split, number)
        if number > 1, let label = page.pageLabel { page.preview.title = "\(album.title), \(label)" }
        // Pictures are counted down the whole page, not from each section's top.
        let before = album.albums[group].reduce(into: [0]) {
          $0.append($0[$0.count - 1] + pageSplit($1).range(1).count)
        }
        let walk = parksWalk(split, number, first: starts[group.lowerBound], total: starts[starts.count - 1])
        // Its sections' cards are made when it is rendered, as an album page's are.
        let model = ParksModel(
          page: page, html: number == 1 ? text?.html : nil, sections: [], pager: split.split.pager(number), walk: walk)
        let sections = { @Sendable [shared, children] in
          group.enumerated().map { offset, child in
            shared.planner.firstPageSection(
              children[child].album, on: here, edit: children[child].edit, after: before[offset], start: starts[child])
          }
        }
        var planned = PlannedPage(
          path: here, template: PageKind.parks.row.template ?? "parks", inSitemap: listed,
          pageOrigin: album.pageOrigin
        ) {
          var model = model
          model.sections = sections()
          return model
        }
        let shown = children[group]
        planned.recipe = recipe(
          model, page: here, albums: shown.map(\.album.slug), ranges: shown.map { pageSplit($0.album).range(1) },
          after: Array(before.dropLast()), from: shown.map(\.recipe))
        plan.pages.append(planned)
        // Past its last park the lightbox walks on into the next page's first.
        if split.split.isPaged {
          plan.data.append(
            PlannedData(path: here + "items.json", recipe: planned.recipe) {
              AlbumPageData(split.split, page: number, sections: sections(), walk: walk)
            })
        }
      }
    case .covers:
      // An unlisted album (index.md's `hidden: true`) keeps its page, but gets no card here.
      let cards = album.listedAlbums.enumerated().map { number, child in
        AlbumCard(
          title: child.title, subtitle: child.subtitle,
          href: PagePath.relative(from: path, to: child.path),
          cover: child.coverItem.flatMap {
            images.thumbnail(
              $0.photo, alt: "", root: PagePath.root(of: path), lazy: number >= ResponsiveImage.firstCards)
          },
          count: count(of: child), search: [child.title, child.subtitle ?? ""].joined(separator: " "))
      }
      let split = pageSplit(album)
      let entries = listed ? itemEntries(album, from: plan.searchNumbers.upperBound) : nil
      // The first page keeps the album's text, child albums and zip; every
      // page has its share of the items and the numbered navigation.
      for number in 1...split.pages {
        let here = split.path(number)
        var page = number > 1 ? laterPage(of: album, like: layout, trail: trail, at: here, kind: .album) : layout
        page.paging(split, number)
        if split.isPaged, let entries {
          let range = split.range(number)
          page.listFilter = ListFilter(
            list: entries[0]..<entries[album.items.count], page: entries[range.lowerBound]..<entries[range.upperBound],
            scope: "album")
        }
        if number > 1, let label = page.pageLabel { page.preview.title = "\(album.title), \(label)" }
        // The page's items, as cards, are made when the page (and its
        // items.json) is rendered, and let go with it: planned here, every
        // album's cards were held from Plan to the end of Render, a
        // kilobyte and more a photo (issue 24).
        // The first page's cards come before its items, each as tall as three rows of them.
        let items = AlbumPageItems(
          planner: shared, album: album, page: here, edit: edit, range: split.range(number),
          after: number == 1 ? 3 * cards.count : 0)
        let model = AlbumModel(
          page: page, subtitle: album.subtitle, count: count(of: album), html: number == 1 ? text?.html : nil,
          albums: number == 1 ? cards : [], filter: (number == 1 && cards.count >= 5) || page.listFilter != nil,
          section: nil, archive: number == 1 ? archiveLink(for: album, from: path) : nil, pager: split.pager(number))
        var planned = PlannedPage(
          path: here, template: PageKind.album.row.template ?? "album", inSitemap: listed,
          pageOrigin: album.pageOrigin
        ) { items.model(model, split: split, number: number) }
        planned.recipe = recipe(
          model, page: here, albums: [album.slug], ranges: [items.range], after: [items.after], from: [own.recipe])
        plan.pages.append(planned)
        if split.isPaged {
          plan.data.append(
            PlannedData(path: here + "items.json", recipe: planned.recipe) {
              AlbumPageData(split, page: number, items: items.cards())
            })
        }
      }
    }
    planItemPages(own, into: &plan)
    handing(&plan)
    guard recursing else { return }
    for (number, child) in album.albums.enumerated() {
      planAlbum(
        child, trail: trail + [album], edit: captionEdit(album, child: number), items: children[number], into: &plan,
        handing: handing)
    }
  }

  /// Breadcrumbs from the page at `path` to each album of `trail` (the top
  /// first), which lies above `album`. An album shown as sections is linked
  /// at the section of the album below it, opened on its list
  /// (`parks/#list-ohiopyle`).
  func crumbs(_ trail: [Album], below album: Album?, from path: String) -> [Link] {
    Crumb.links(crumbs(trail, below: album), from: path)
  }

  /// The breadcrumbs of `crumbs(_:below:from:)`, each to its page from the
  /// site root: the same for every page of an album's items, so worked out
  /// once for all of them (`SharedAlbum`).
  func crumbs(_ trail: [Album], below album: Album?) -> [Crumb] {
    let below = trail.dropFirst().map(Optional.some) + [album]
    return zip(trail, below).map { above, next in
      guard above.layout == .sections, let next else { return Crumb(title: above.title, page: above.path) }
      let split = sectionSplit(above)
      let page = split.split.path(split.page(ofSection: above.albums.firstIndex { $0.path == next.path } ?? 0))
      return Crumb(title: above.title, page: page, fragment: "#list-" + next.slug)
    }
  }

  /// The search entry number of each item of `album` and of its end
  /// (`items.count + 1` numbers), its entries starting at `first`: the items
  /// with a page have one, in order (`planItemPages`), so an item without
  /// one has the number of the next that has.
  private func itemEntries(_ album: Album, from first: Int) -> [Int] {
    album.items.reduce(into: [first]) { numbers, item in
      numbers.append(numbers[numbers.count - 1] + (images.canDisplay(item.photo) ? 1 : 0))
    }
  }

  /// What an album holds, in words: "12 photos", "3 albums · 12 photos",
  /// "10 photos · 2 videos".
  func count(of album: Album) -> String {
    var parts: [String] = []
    let children = album.listedAlbums
    if !children.isEmpty { parts.append(Text.count(children.count, album.childNoun, album.childNounPlural)) }
    if album.ownItems > 0 || children.isEmpty {
      let videos = album.totalVideos
      let photos = album.totalItems - videos
      if photos > 0 || videos == 0 { parts.append(Text.count(photos, "photo")) }
      if videos > 0 { parts.append(Text.count(videos, "video")) }
    }
    return parts.joined(separator: " · ")
  }

  /// The caption form of an item of a child album whose captions serve edits.
  private func captionEdit(_ album: Album, child: Int) -> CaptionEdit? {
    guard editing, album.captionsEditable else { return nil }
    return CaptionEdit(park: child)
  }

  /// One page per item of `shared.album`, with the previous and next item and
  /// the breadcrumbs of its trail (the album itself last); in search and the
  /// sitemap only when every album of the trail is listed.
  private func planItemPages(_ shared: SharedAlbum, into plan: inout OutputPlan) {
    let (album, trail) = (shared.album, shared.trail)
    let listed = trail.allSatisfy(\.listed)
    // One string for the album's items, not one an item.
    let place = searchPlace(trail)
    for (index, item) in album.items.enumerated() {
      let path = self.path(.photo, item.slug, section: album.path)
      // The page exists when the photo has a display image (`photoPageModel` makes it).
      guard images.canDisplay(item.photo) else { continue }
      // The page and its search entry share one string of its path.
      var page = PlannedPage(
        path: path, template: PageKind.photo.row.template ?? PageKind.photo.rawValue, inSitemap: listed,
        pageOrigin: item.pageOrigin
      ) { shared.photoPageModel(index, path: path) }
      page.recipe = shared.recipe(index)
      plan.pages.append(page)
      if listed {
        plan.search.append(
          SearchEntry(
            kind: item.kind == .video ? "Video" : PageKind.photo.row.searchLabel ?? "Photo",
            title: item.title ?? item.caption, text: [item.caption, item.location ?? ""].joined(separator: " "),
            url: path, place: place, thumb: searchThumb(item.photo)))
      }
    }
  }
}

extension OutputPlanner {
  /// The recipe of an album's page (the parks list's, or an album's own) for
  /// a live site: `model`, planned without the items of the albums it shows,
  /// and the inputs those albums' cards are made from (`recipes`, one an
  /// album, in order); nil unless the planner makes recipes.
  func recipe<Model: Hashable & Sendable>(
    _ model: Model, page: String, albums: [String], ranges: [Range<Int>], after: [Int],
    from recipes: [PageRecipe.Inputs?]
  ) -> PageRecipe? {
    let inputs = recipes.compactMap { $0 }
    guard self.recipes, inputs.count == recipes.count else { return nil }
    return PageRecipe(
      inputs: inputs, part: AlbumPagePart(model: model, page: page, albums: albums, ranges: ranges, after: after))
  }
}
