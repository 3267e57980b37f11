/// Everything the pages of an album's items are made from
/// (`SharedAlbum.photoPageModel`) but each item's position and the items
/// themselves (`ItemList`): when a rebuild's inputs equal the last one's, so
/// do the pages, and a live site keeps them without making their models
/// (`PageRecipe`). Whatever the model reads must be here or there: the
/// site's settings and menu, the album's items (each page names its
/// neighbours) and their photos' image jobs, the breadcrumbs, the caption forms.
struct ItemPageInputs: Sendable, Hashable {
  /// What every page's layout reads (`OutputPlanner.context`).
  struct Site: Sendable, Hashable {
    var config: SiteConfig
    var menu: [Menu]
    var siteImage: LinkPreview.Image?
    var credits: Bool
    var editing: Bool

    init(_ planner: OutputPlanner) {
      config = planner.site.config
      menu = planner.sections.map { Menu(kind: $0.kind, title: $0.title, path: $0.path, icon: $0.icon) }
      siteImage = planner.siteImage
      credits = planner.site.credits != nil
      editing = planner.editing
    }
  }

  /// A menu entry as the layout shows it.
  struct Menu: Sendable, Hashable {
    var kind: PageKind
    var title: String
    var path: String
    var icon: String
  }

  var site: Site
  var title: String
  var path: String
  var layout: Album.Layout
  var crumbs: [Crumb]
  var edit: CaptionEdit?

  init(planner: OutputPlanner, album: Album, crumbs: [Crumb], edit: CaptionEdit?) {
    site = Site(planner)
    (title, path, layout) = (album.title, album.path, album.layout)
    self.crumbs = crumbs
    self.edit = edit
  }
}
