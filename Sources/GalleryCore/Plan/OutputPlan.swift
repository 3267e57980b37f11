/// What the Render stage turns into files: pages with their view models, plus the
/// data for the search index and sitemap.
package struct OutputPlan: Sendable {
  package var pages: [PlannedPage] = []
  /// The derivatives each photo needs, for the Images stage.
  package var jobs: [ImageJob] = []
  /// The clips' web videos, for the Videos stage.
  package var videos: [VideoJob] = []
  /// The albums' zips, for the Write stage (site.yml `zip:`).
  package var archives: [ArchiveJob] = []
  var search: [SearchEntry] = []
  /// The number of `search`'s first entry: the entries before it were
  /// handed on to the index (`handOn`).
  var searchBase = 0
  /// `feed.xml`, on a site with a base URL.
  var feed: AtomFeed?
  /// The JSON of each page of a paged album (`AlbumPageData`).
  var data: [PlannedData] = []
  package var baseURL: String = ""
  package var diagnostics: [Diagnostic] = []
  /// The pages already handed on to be rendered (`handOn`).
  package var handed = HandedPages()
}

/// A page's file and the record that claims it, for collision messages.
package struct PlannedFolder: Sendable {
  package var path: String
  var pageOrigin: PageOrigin?
}

package struct PlannedPage: Sendable {
  /// Folder of a pretty URL ("breeds/abys/") or a file name ("404.html").
  package var path: String
  package var template: String
  /// Makes the page's view model. A page of which a site has thousands (a
  /// photo's, a fact's) is planned as this recipe, not as its model: the
  /// plan would otherwise hold every page's model, kilobytes each, from
  /// Plan to Render; each is made when its batch is rendered and let go
  /// with it. Same plan, same model, every time it is made.
  let makeModel: @Sendable () -> any Sendable & Hashable & Encodable
  /// What the model is made from, when a live site can compare that instead
  /// of the model (`OutputPlanner.recipes`).
  var recipe: PageRecipe? = nil
  /// Listed in sitemap.xml.
  var inSitemap: Bool = true
  /// The record the page is made from; nil for the pages every site has (home, lists).
  var pageOrigin: PageOrigin? = nil
  /// The page carries the theme's stylesheet, icons and favicon within itself
  /// (`ThemeInlines`): the 404 page, served at any depth.
  var inlinesAssets = false

  /// A page whose model is already made (the pages every site has one of).
  package init(
    path: String, template: String, model: any Sendable & Hashable & Encodable, inSitemap: Bool = true,
    pageOrigin: PageOrigin? = nil
  ) {
    self.init(path: path, template: template, inSitemap: inSitemap, pageOrigin: pageOrigin) { model }
  }

  /// A page whose model `making` makes when it is rendered.
  init(
    path: String, template: String, inSitemap: Bool = true, pageOrigin: PageOrigin? = nil,
    making: @escaping @Sendable () -> any Sendable & Hashable & Encodable
  ) {
    self.path = path
    self.template = template
    self.makeModel = making
    self.inSitemap = inSitemap
    self.pageOrigin = pageOrigin
  }

  /// The page's view model, made anew.
  package var model: any Sendable & Hashable & Encodable { makeModel() }

  /// The file written for this page.
  package var file: String { path.hasSuffix("/") || path.isEmpty ? path + "index.html" : path }
}

extension OutputPlan {
  /// The numbers the search entries planned so far have in the index,
  /// handed on or not.
  var searchNumbers: Range<Int> { searchBase..<searchBase + search.count }

  /// The files of the site-wide search index (`SearchIndex`), made from `search`;
  /// `known` (a live site's) folds only the texts its last rebuild did not have.
  package func searchIndex(known: KnownSearchTerms? = nil) -> [OutputFile] {
    SearchIndex(entries: search, known: known).files
  }
}

/// A JSON file the Render stage writes beside a page.
struct PlannedData: Sendable {
  /// From the site root ("holiday/page/2/items.json").
  var path: String
  /// Makes the file's data when it is written, as `PlannedPage.makeModel`
  /// makes a page's model: a paged album's pages together list every item.
  let makeValue: @Sendable () -> AlbumPageData
  /// What it is made from: its page's recipe, as the two show the same items
  /// (a live site keeps the file while it is unchanged, `KnownPages`).
  var recipe: PageRecipe?

  init(path: String, recipe: PageRecipe? = nil, making: @escaping @Sendable () -> AlbumPageData) {
    self.path = path
    self.recipe = recipe
    self.makeValue = making
  }

  /// The file's data, made anew.
  var value: AlbumPageData { makeValue() }
}
