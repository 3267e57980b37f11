/// What a plan streamed album by album keeps of the pages it has handed on
/// to be rendered (`OutputPlan.handOn`): what the site-wide files and checks
/// need of them, a few bytes a page, never the page (issue 24).
package struct HandedPages: Sendable {
  /// Pages handed on.
  package private(set) var count = 0
  /// The paths of those listed in the sitemap, in plan order, each ended by
  /// a newline: one string, not one a page.
  private var listed = ""
  private(set) var listedCount = 0
  /// The hash of each page's collision key (`OutputPlan.collisionKey`).
  private var keys: Set<Int> = []
  /// Two pages' keys (or their hashes) were equal: only the whole plan's
  /// check (`OutputPlan.pathCollisions`) can say which pages, if any, collide.
  package private(set) var clash = false

  mutating func note(_ page: PlannedPage) {
    count += 1
    if page.inSitemap {
      listed += page.path + "\n"
      listedCount += 1
    }
    if !keys.insert(OutputPlan.collisionKey(page.file).hashValue).inserted { clash = true }
  }

  /// The sitemap paths, in order.
  var sitemapPaths: [Substring] {
    Array(listed.split(separator: "\n", omittingEmptySubsequences: false).dropLast())
  }
}

extension OutputPlan {
  /// The pages and data planned so far, moved out of this plan into one of
  /// their own; this one keeps what its site-wide files need of them
  /// (`HandedPages`).
  package mutating func handOn() -> OutputPlan {
    var part = OutputPlan()
    part.baseURL = baseURL
    swap(&part.pages, &pages)
    swap(&part.data, &data)
    // The entries go with them, to the index made as pages are handed on
    // (`SearchIndexStream`); this plan numbers its next ones after them.
    swap(&part.search, &search)
    part.searchBase = searchBase
    searchBase += part.search.count
    for page in part.pages { handed.note(page) }
    return part
  }

  /// The paths the sitemap lists: the pages handed on, then this plan's.
  var sitemapPaths: [Substring] {
    handed.sitemapPaths + pages.lazy.filter(\.inSitemap).map { Substring($0.path) }
  }

  /// The number of pages planned, handed on or not.
  package var pageCount: Int { handed.count + pages.count }
}
