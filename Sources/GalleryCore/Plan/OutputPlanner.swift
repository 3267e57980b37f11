/// Plan stage: decides every page, its path and its view model, and the image
/// jobs the pages show. Pure: Markdown goes through libcmark.
package struct OutputPlanner: Sendable {
  package let site: Site
  package let images: ResponsiveImageMaker
  /// The menu: the top-level albums, then each kind in the table's menu with
  /// something to show, in the table's order.
  let sections: [MenuEntry]
  /// Pages link to the edit forms of `serve` (never in a build).
  package var editing = false
  /// Pages made in numbers (an album's items') carry what their models are
  /// made from (`PlannedPage.recipe`): a live site's planner, whose
  /// renderer keeps the pages whose recipes did not change.
  package var recipes = false
  /// The image a link to a page without a photo of its own shows: the first
  /// cover of the home page.
  var siteImage: LinkPreview.Image? = nil

  /// An entry of the menu and a card on the home page.
  struct MenuEntry: Sendable {
    var kind: PageKind
    var title: String
    var path: String
    var icon: String
    /// The album the entry leads to, for the top-level albums.
    var album: Album?
  }

  package init(site: Site, jobs: [ImageJob]) {
    self.site = site
    self.images = ResponsiveImageMaker(jobs: jobs, config: site.config)
    var sections = site.albums.map {
      MenuEntry(
        kind: $0.layout == .sections ? .parks : .album, title: $0.title, path: $0.path, icon: $0.icon, album: $0)
    }
    let shown: [PageKind: Bool] = [
      .breeds: !site.breeds.isEmpty, .cats: !site.cats.isEmpty, .facts: !site.facts.isEmpty,
    ]
    for kind in PageKind.allCases where shown[kind] ?? true {
      guard let menu = kind.row.menu else { continue }
      sections.append(MenuEntry(kind: kind, title: menu.title, path: kind.path(config: site.config), icon: menu.icon))
    }
    self.sections = sections
    siteImage = sections.lazy.compactMap(cover(of:)).first.flatMap { previewImage($0.photo, caption: $0.caption) }
  }

  /// The pages of `site` and its image jobs; `known` (a live site's) plans
  /// only photos it has not planned before.
  package static func plan(_ site: Site, known: KnownJobs? = nil, editing: Bool = false) -> OutputPlan {
    let jobs = known?.jobs(for: site) ?? DerivativePlanner.plan(site)
    var planner = OutputPlanner(site: site, jobs: jobs)
    planner.editing = editing
    planner.recipes = known != nil
    return planner.plan(jobs: jobs)
  }

  package func plan(jobs: [ImageJob]) -> OutputPlan {
    plan(jobs: jobs, streamed: false) { _ in }
  }

  /// The work of `site` without its pages: the image jobs, the clips' web
  /// videos and the albums' zips, for a staged build, whose pages are
  /// planned as they are rendered (`plan(jobs:handing:)`).
  package static func work(_ site: Site) -> OutputPlan {
    let jobs = DerivativePlanner.plan(site)
    return OutputPlanner(site: site, jobs: jobs).work(jobs: jobs)
  }

  /// The plan of `jobs`, before any page.
  private func work(jobs: [ImageJob]) -> OutputPlan {
    var plan = OutputPlan()
    plan.jobs = jobs
    let clips = site.photos.merging(site.liveClips) { photo, _ in photo }
    plan.videos = clips.keys.sorted().compactMap { clips[$0].flatMap(VideoJob.init) }
    plan.baseURL = site.config.baseURL
    planArchives(into: &plan)
    return plan
  }

  /// Plans the pages album by album: `handing` gets the plan after each
  /// album's own pages and its items' pages are in it, and takes them out
  /// (`OutputPlan.handOn`), so that a staged build renders and writes each
  /// album before the next is planned and never holds the site's pages
  /// (issue 24). The plan returned holds the pages after the albums; its
  /// paths are checked for collisions by what was handed
  /// (`HandedPages.clash`), not here.
  package func plan(jobs: [ImageJob], handing: (inout OutputPlan) -> Void) -> OutputPlan {
    plan(jobs: jobs, streamed: true, handing: handing)
  }

  private func plan(jobs: [ImageJob], streamed: Bool, handing: (inout OutputPlan) -> Void) -> OutputPlan {
    // A streamed plan's videos and zips were planned by `work` for the
    // stages before it; planned again, each build did that work twice.
    var plan = OutputPlan()
    if streamed { plan.baseURL = site.config.baseURL } else { plan = work(jobs: jobs) }
    plan.feed = feed()
    plan.pages.append(home())
    planAlbums(into: &plan, handing: handing)
    planAfterAlbums(into: &plan)
    if !streamed { plan.diagnostics += plan.pathCollisions() }
    return plan
  }

  /// The pages after the albums': breeds, cats, facts, search, saved,
  /// credits and the page for a missing address.
  func planAfterAlbums(into plan: inout OutputPlan) {
    planBreeds(into: &plan)
    planCats(into: &plan)
    planFacts(into: &plan)
    plan.pages.append(searchPage())
    plan.pages.append(
      page(
        .saved,
        model: SavedModel(page: context(path(.saved), title: "Saved", kind: .saved), facts: !site.facts.isEmpty)))
    if let credits = site.credits {
      let rendered = Markdown.html(credits, headingShift: 1)
      plan.diagnostics += rendered.diagnostics
      plan.pages.append(
        page(
          .credits,
          model: ArticleModel(
            page: context(path(.credits), title: "Photo credits", kind: .credits), html: rendered.html)))
    }
    // A host serves 404.html for a missing address at any depth: with a base
    // URL its links are absolute; without one it finds the root when shown.
    let base = site.config.baseURL
    var notFound = context(
      path(.notFound), title: "Page not found", kind: .notFound, root: base.isEmpty ? nil : base + "/")
    notFound.findsRoot = base.isEmpty
    notFound.icons = ""
    var missing = page(.notFound, model: PlainModel(page: notFound), inSitemap: false)
    missing.inlinesAssets = true
    plan.pages.append(missing)
  }

  /// The path of the page of `kind` for the record `slug` in this site;
  /// `section` is the folder a photo's page lives in.
  package func path(_ kind: PageKind, _ slug: String = "", section: String = "") -> String {
    kind.path(slug, section: section, config: site.config)
  }

  /// The page of `kind` for the record `slug`, with its path and template
  /// from the kind's row.
  package func page(
    _ kind: PageKind, _ slug: String = "", section: String = "", model: any Sendable & Hashable & Encodable,
    inSitemap: Bool = true, pageOrigin: PageOrigin? = nil
  ) -> PlannedPage {
    PlannedPage(
      path: path(kind, slug, section: section), template: kind.row.template ?? kind.rawValue, model: model,
      inSitemap: inSitemap, pageOrigin: pageOrigin)
  }

  /// The page of `kind` for the record `slug`, its model made by `making`
  /// when the page is rendered (`PlannedPage.makeModel`).
  func page(
    _ kind: PageKind, _ slug: String = "", section: String = "", inSitemap: Bool = true,
    pageOrigin: PageOrigin? = nil, making: @escaping @Sendable () -> any Sendable & Hashable & Encodable
  ) -> PlannedPage {
    PlannedPage(
      path: path(kind, slug, section: section), template: kind.row.template ?? kind.rawValue, inSitemap: inSitemap,
      pageOrigin: pageOrigin, making: making)
  }

  /// The layout's data for the page at `path`; `root` replaces the relative
  /// prefix to the site root (the edit forms use `/`). The breadcrumb leads
  /// to the page of the kind's parent, named as the menu names it.
  package func context(_ path: String, title: String, kind: PageKind, root: String? = nil) -> PageContext {
    let root = root ?? PagePath.root(of: path)
    let current = sections.first { path.hasPrefix($0.path) }?.path
    let parent = sections.first { $0.kind == kind.row.parent }.map {
      Link(title: $0.title, href: PagePath.relative(from: path, to: $0.path))
    }
    let canonical = site.config.baseURL.isEmpty ? nil : site.config.baseURL + "/" + path
    return PageContext(
      title: title, siteTitle: site.config.title, description: site.config.description,
      searchPlaceholder: site.config.searchPlaceholder, lang: site.config.language, root: root,
      icons: root + "assets/icons.svg",
      canonical: canonical, feed: site.config.baseURL.isEmpty ? nil : site.config.baseURL + "/" + AtomFeed.path,
      preview: LinkPreview(
        title: path.isEmpty ? site.config.title : title, description: site.config.description, url: canonical,
        image: siteImage),
      nav: sections.map {
        .init(title: $0.title, href: root + $0.path, current: $0.path == current, icon: $0.icon)
      },
      justified: site.config.grid == .justified, kind: kind.rawValue, isHome: path.isEmpty,
      credits: site.credits == nil ? nil : root + self.path(.credits),
      parent: parent, trail: parent.map { [$0] } ?? [], logo: site.config.brand.icon,
      favicon: site.config.brand.favicon)
  }

  func home() -> PlannedPage {
    let home = path(.home)
    let layout = context(home, title: site.config.title, kind: .home)
    var cards: [SectionCard] = []
    for (number, section) in sections.enumerated() {
      let href = PagePath.relative(from: home, to: section.path)
      // Under the title, the lead and the search box, a phone's first screen shows the first two cards.
      let cover = { (alt: String) -> ResponsiveImage? in
        self.cover(of: section).flatMap {
          images.thumbnail($0.photo, alt: alt, root: layout.root, lazy: number >= 2)
        }
      }
      var card: SectionCard
      if let album = section.album {
        card = SectionCard(
          title: album.title, subtitle: album.subtitle ?? count(of: album), href: href, cover: cover(album.title))
      } else {
        switch section.kind {
        case .breeds:
          card = SectionCard(
            title: "Breeds", subtitle: Text.count(site.breeds.count, "breed"), href: href, cover: cover("Breeds"))
        case .cats:
          card = SectionCard(
            title: "Cats", subtitle: Text.count(site.cats.count, "owned cat"), href: href, cover: cover("Cats"))
        case .facts:
          card = SectionCard(
            title: "Facts", subtitle: Text.count(site.facts.count, "fact"), href: href, cover: cover("Facts"))
        default:
          card = SectionCard(
            title: "Saved", subtitle: site.facts.isEmpty ? "Your favourite photos" : "Your favourite photos and facts",
            href: href, cover: nil)
        }
      }
      // A card without a photo shows the icon its menu entry has.
      card.icon = section.icon
      cards.append(card)
    }
    var model = HomeModel(page: layout, sections: cards)
    // A previewed folder is one album: its page is the home page's only content.
    let albums = sections.filter { $0.album != nil }
    if albums.count == 1, sections.allSatisfy({ $0.album != nil || $0.kind == .saved }), let album = albums.first {
      model.page.redirect = PagePath.relative(from: home, to: album.path)
    }
    return page(.home, model: model)
  }
}

/// The planner behind one reference, which the model recipes of a site's
/// many pages share (`PlannedPage.makeModel`): a recipe holding the planner
/// itself would hold a copy of it, the site's settings and all, a page.
final class SharedPlanner: Sendable {
  let planner: OutputPlanner

  init(_ planner: OutputPlanner) { self.planner = planner }
}
