/// What a staged build that plans its pages album by album
/// (`plan(jobs:handing:)`) needs to know of the whole site before, or
/// instead of, planning it whole.
extension OutputPlanner {
  /// A path in each top-level folder or file the pages of `site`, its
  /// search index, sitemap, feed and `renderer`'s assets may be written to: more than a
  /// site writes (a kind of page it has none of), never fewer, but for the
  /// parts of a sitemap of over 50,000 pages. For the output's marker, which
  /// goes first, before those pages are planned.
  package static func entries(_ site: Site, renderer: PageRenderer) -> [String] {
    let kinds = PageKind.allCases.map { $0.path(config: site.config) }.filter { !$0.hasPrefix("/") }
    return site.albums.map(\.path) + kinds
      + ["index.html", "sitemap.xml", AtomFeed.path, SearchIndex.manifest] + renderer.theme.assets.map(\.path)
  }

  /// The path collisions of `site`'s whole plan (`OutputPlan.pathCollisions`),
  /// for a plan handed on album by album whose pages' paths clashed
  /// (`HandedPages.clash`): planned whole again to say which pages collide.
  package static func pathCollisions(_ site: Site) -> [Diagnostic] {
    let jobs = DerivativePlanner.plan(site)
    return OutputPlanner(site: site, jobs: jobs).plan(jobs: jobs) { _ in }.pathCollisions()
  }
}

/// A previewed folder built album by album (issue 24): each album is planned
/// on its own (`plan(album:trail:into:)`) by a planner whose site holds the
/// album tree summed up (`Album.summarized`) and the photos of that album
/// alone; these plan what comes before and after the albums.
extension OutputPlanner {
  /// The plan before any album: the home page.
  package func start() -> OutputPlan {
    var plan = OutputPlan()
    plan.baseURL = site.config.baseURL
    plan.pages.append(home())
    return plan
  }

  /// The pages after the albums, and the feed gathered as they were built.
  package func finish(_ plan: inout OutputPlan, feed: inout FeedStream?) {
    plan.feed = feed.map {
      var feed = $0; return feed.finish(self)
    }
    planAfterAlbums(into: &plan)
  }
}
