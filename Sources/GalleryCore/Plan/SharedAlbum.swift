/// An album as the model recipes of its items' pages share it
/// (`PlannedPage.makeModel`): the planner, the album and what lies above it,
/// behind one reference, so a recipe holds a few words, not a copy of each.
final class SharedAlbum: Sendable {
  let planner: OutputPlanner
  let album: Album
  /// The albums above the item pages, from the top, the album itself last.
  let trail: [Album]
  /// The caption form of the item at an index (parks under `serve`).
  let edit: CaptionEdit?
  /// The breadcrumbs of every item's page, from the site root.
  let crumbs: [Crumb]
  /// What the items' pages are made from, for a live site (`OutputPlanner.recipes`).
  let recipe: PageRecipe.Inputs?

  init(planner: OutputPlanner, album: Album, trail: [Album], edit: CaptionEdit?) {
    self.planner = planner
    self.album = album
    self.trail = trail
    self.edit = edit
    let crumbs = planner.crumbs(trail, below: nil)
    self.crumbs = crumbs
    recipe =
      planner.recipes
      ? PageRecipe.Inputs(
        ItemPageInputs(planner: planner, album: album, crumbs: crumbs, edit: edit),
        items: ItemList(planner: planner, album: album)) : nil
  }

  /// The recipe of the page of item `index`; nil unless the planner makes recipes.
  func recipe(_ index: Int) -> PageRecipe? {
    recipe.map { PageRecipe(inputs: $0, index: index, count: album.items.count) }
  }

  /// The view model of the page of item `index` at `path`, with the previous
  /// and next item and the breadcrumbs of `trail`. The planner plans the page
  /// only when the item has a display image (`ResponsiveImageMaker.canDisplay`).
  func photoPageModel(_ index: Int, path: String) -> any Sendable & Hashable & Encodable {
    let planner = self.planner
    let images = planner.images
    let items = album.items
    let item = items[index]
    let root = PagePath.root(of: path)
    var layout = planner.context(path, title: item.title ?? item.caption, kind: .photo)
    guard var picture = images.display(item.photo, alt: item.caption, root: root, sizes: "", lazy: false)
    else { return PlainModel(page: layout) }
    picture.sizes = ResponsiveImage.photoPageSizes(fullWidth: picture.fullWidth, fullHeight: picture.fullHeight)
    let link = { (other: MediaItem) in
      // A pager names its neighbours; a 2,000-character caption would fill the page.
      Link(
        title: Text.short(other.title ?? other.caption),
        href: root + planner.path(.photo, other.slug, section: self.album.path))
    }
    layout.trail = Crumb.links(crumbs, from: path)
    let position = "\(index + 1) of \(items.count)"
    layout.preview.describe(
      item.title == nil || item.title == item.caption
        ? "\(item.kind == .video ? "Video" : "Photo") \(position) in \(album.title)" : item.caption)
    layout.preview.image = planner.previewImage(item.photo, caption: item.caption) ?? planner.siteImage
    // Back to the album's page that shows this item.
    let split = planner.pageSplit(album)
    let paged = split.isPaged && album.layout == .covers
    let holder = PagePath.relative(from: path, to: paged ? split.path(split.page(of: index)) : album.path)
    if paged, !layout.trail.isEmpty {
      layout.trail[layout.trail.count - 1].href = holder
    }
    var model = PhotoPageModel(
      page: layout, id: path, caption: item.caption,
      section: Link(title: album.title, href: holder),
      picture: picture, thumb: images.thumbnail(item.photo, alt: item.caption, root: root, lazy: true),
      position: position,
      info: InfoPanel.make(for: item.photo, config: planner.site.config),
      previous: index > 0 ? link(items[index - 1]) : nil,
      next: index + 1 < items.count ? link(items[index + 1]) : nil, editCaption: edit?(index))
    model.video = VideoView(item.photo, root: root)
    model.live = item.live.flatMap { VideoView($0, root: root) }
    // The page shows a long embedded caption whole; everything else its beginning.
    let caption = item.wholeCaption ?? item.caption
    model.heading = item.title ?? caption
    model.long = model.heading.count > 140
    model.text = item.title == nil || item.title == item.caption ? nil : caption
    if let rich = item.richCaption {
      // Without a title the caption's first paragraph is the heading, the rest below it.
      model.heading = item.title ?? rich.lead
      model.long = model.heading.count > 140
      model.text = nil
      model.textHTML = item.title == nil ? rich.rest : rich.html
    }
    model.location = item.location
    return model
  }
}
