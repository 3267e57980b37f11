/// View models: everything a template shows, computed in Swift so templates
/// only place values. Field names are the template's vocabulary.

/// What every page's layout needs.
package struct PageContext: Sendable, Hashable, Encodable {
  struct NavItem: Sendable, Hashable, Encodable {
    var title: String
    var href: String
    var current: Bool
    var icon: String
  }

  package var title: String
  var siteTitle: String
  package var description: String
  /// What the site search field says before anything is typed (site.yml's
  /// `search_placeholder`; a previewed folder's own).
  var searchPlaceholder: String
  var lang: String
  /// Relative prefix from this page to the site root ("", "../", "../../").
  package var root: String
  /// The icons' sprite, before `#name`: `assets/icons.svg` from this page, or
  /// empty when the page carries the icons itself.
  var icons: String
  /// The page finds the site's root when it is shown, since it is served at
  /// addresses it cannot know (the 404 page of a site without a base URL).
  var findsRoot = false
  package var canonical: String?
  /// The site's Atom feed, absolute; nil without a base URL.
  var feed: String?
  /// What a link to the page shows where it is shared.
  package var preview: LinkPreview
  var nav: [NavItem]
  /// Albums' grid views keep each photo's shape (site.yml `grid: justified`).
  var justified = false
  /// The `sizes` of an album's squares in each view, which views.js sets when
  /// the reader switches (the `.view`'s data-list and data-grid).
  var sizes = ViewSizes()
  /// Names the page kind for CSS and scripts (`data-kind`).
  package var kind: String
  var isHome: Bool
  /// Link to the photo credits page, when the site has one.
  var credits: String?
  /// The breadcrumb: the page of the kind's parent (`PageKind.Row.parent`).
  package var parent: Link? = nil
  /// The breadcrumbs of an album's or an item's page: the albums above it, from the top.
  package var trail: [Link] = []
  /// The symbol of `assets/icons.svg` beside the site's title, and the
  /// favicon's file in `assets/` (`SiteBrand`).
  var logo = SiteBrand.cat.icon
  var favicon = SiteBrand.cat.favicon
  /// A page of a paged list: "Page 2 of 20" in its title, and the pages
  /// before and after it for `<link rel="prev">` and `rel="next"`.
  var pageLabel: String? = nil
  var previousPage: String? = nil
  var nextPage: String? = nil
  /// The filter box of a page of a paged list searches the whole list.
  var listFilter: ListFilter? = nil
  /// Where the page sends the browser at once (`<meta http-equiv="refresh">`): a home
  /// page whose only card would be one album opens that album, as sigal's does.
  var redirect: String? = nil

  /// Marks this as page `number` of `split`.
  mutating func paging(_ split: PageSplit, _ number: Int) {
    guard let pager = split.pager(number) else { return }
    pageLabel = pager.label
    previousPage = pager.previous
    nextPage = pager.next
  }
}

/// A photo in a list or grid, linking to its own page.
struct PhotoItem: Sendable, Hashable, Encodable {
  var id: String
  var caption: String
  var href: String
  var thumb: ResponsiveImage
  var index: Int
  /// The thumbnail's width over its height, in the justified grid only: its
  /// share of a row (`--r` in the stylesheet), so the row's photos come out
  /// equally high, and the space is held before the picture loads.
  var ratio: String? = nil
  /// The caption form, under `serve` only.
  var editCaption: String? = nil
  /// What the lightbox's Info button shows; nil when the site shows no panel.
  var info: InfoPanel? = nil
  /// A clip's video, which the lightbox plays; nil for a photo.
  var video: VideoView? = nil
  /// A Live Photo's clip, which the lightbox plays over the photo on its Live button.
  var live: VideoView? = nil
}

extension PhotoItem {
  /// `width / height` to four decimal places, without trailing zeros ("1.5").
  static func ratio(_ width: Int, _ height: Int) -> String {
    let tenThousandths = Int((Double(width) / Double(max(1, height)) * 10_000).rounded())
    var fraction = String(tenThousandths % 10_000)
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(tenThousandths / 10_000)" + (fraction.isEmpty ? "" : "." + fraction)
  }
}

package struct Link: Sendable, Hashable, Encodable {
  package var title: String
  package var href: String

  package init(title: String, href: String) {
    self.title = title
    self.href = href
  }
}

struct SectionCard: Sendable, Hashable, Encodable {
  var title: String
  var subtitle: String
  var href: String
  var cover: ResponsiveImage?
  /// The symbol of `assets/icons.svg` a card without a cover shows: its section's.
  var icon = ""
}

struct HomeModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var sections: [SectionCard]
}

struct PhotoSection: Sendable, Hashable, Encodable {
  var id: String
  var title: String
  var count: String
  var href: String?
  var photos: [PhotoItem]
  /// Where the album goes on beyond these items, when it is paged.
  var paging: AlbumPageLinks? = nil
  /// The album's own page, when this shows only its first page ("All 250 photos").
  var more: Link? = nil
}

/// What a paged album's list tells the lightbox (`album-pages.js`), relative
/// to the page: the folders of the pages before and after this one, whose
/// `items.json` it fetches at an edge, the album position of the first item
/// shown, and how many items the album has. On the parks list, each park's
/// section says this of the park, and the view says it of the whole list.
struct AlbumPageLinks: Sendable, Hashable, Encodable {
  var previous: String?
  var next: String?
  var first: Int
  var total: Int
  /// On the parks list, where the park's items start in the list's walk:
  /// the items of every park before it.
  var start: Int? = nil
}

/// An album whose child albums are collapsible sections with their items
/// inline (the parks list), with a list and a grid view.
struct ParksModel: Sendable, Hashable, Encodable {
  var page: PageContext
  /// The album's Markdown text, rendered (on the first page).
  var html: String?
  var sections: [PhotoSection]
  /// The numbered navigation, when the sections take more than one page (`SectionSplit`).
  var pager: Pager?
  /// The lightbox's walk through the whole list: the list pages either side,
  /// whose `items.json` it fetches past this page's last or first park, and
  /// the items of all the parks.
  var walk: AlbumPageLinks? = nil
}

/// An album's page: its text, a card per child album, then its own items.
struct AlbumModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var subtitle: String?
  /// What it holds: "3 albums · 24 photos".
  var count: String
  /// The album's Markdown text, rendered.
  var html: String?
  var albums: [AlbumCard]
  /// A filter box: for enough child albums (5 or more) to be worth one, and
  /// on every page of a paged album, whose filter searches all its items.
  var filter: Bool
  var section: PhotoSection?
  /// The link to the album's zip (site.yml `zip:`).
  var archive: ArchiveLink? = nil
  /// The numbered navigation of a paged album.
  var pager: Pager? = nil
}

struct PhotoPageModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var id: String
  var caption: String
  /// The heading: the item's title, else its caption.
  var heading: String = ""
  /// A heading too long to be set large (a paragraph-long caption).
  var long = false
  /// The caption under a title, when the item has both.
  var text: String? = nil
  /// The caption rendered from its Markdown, in place of `text`.
  var textHTML: String? = nil
  /// Where it was taken, as its text file says.
  var location: String? = nil
  var section: Link
  var picture: ResponsiveImage
  /// A clip's video, played in place of the picture (its poster); nil for a photo.
  var video: VideoView? = nil
  /// A Live Photo's clip, played over the picture on its Live button (and
  /// on hover); linked to for a browser without JavaScript.
  var live: VideoView? = nil
  /// The square thumbnail the saved page shows when this photo is saved here.
  var thumb: ResponsiveImage?
  var position: String
  /// Camera, lens, exposure, date taken…; nil when the site shows no panel.
  var info: InfoPanel?
  var previous: Link?
  var next: Link?
  /// The caption form, under `serve` only.
  var editCaption: String? = nil
}

/// A child album on its parent's page: its cover, title and what it holds.
struct AlbumCard: Sendable, Hashable, Encodable {
  var title: String
  /// A one-line description (a category's), when it has one.
  var subtitle: String?
  var href: String
  var cover: ResponsiveImage?
  /// What it holds: "24 photos".
  var count: String
  var search: String
}

/// A photo shown large on a breed's or a cat's page that opens in the lightbox and
/// can be saved like a park photo. `id` names it in the URL (`#photo=<id>`) and in
/// the saved list; `thumb` is the square thumbnail the saved page shows.
struct PagePhoto: Sendable, Hashable, Encodable {
  var id: String
  var caption: String
  var picture: ResponsiveImage
  var thumb: ResponsiveImage
  /// A Live Photo's clip, played over the picture on its Live button.
  var live: VideoView? = nil
}

struct PlainModel: Sendable, Hashable, Encodable {
  var page: PageContext
}

/// The saved page: a list of saved facts only on a site that has facts (a
/// previewed folder has none, and never speaks of them).
struct SavedModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var facts: Bool
}

struct ArticleModel: Sendable, Hashable, Encodable {
  var page: PageContext
  /// HTML rendered from Markdown by libcmark in safe mode.
  var html: String
}

/// The search page: the sections to browse when search cannot run.
struct SearchPageModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var sections: [Link]
}

/// `sizes` of an album's items drawn as a list and as the square grid.
struct ViewSizes: Sendable, Hashable, Encodable {
  var list = ResponsiveImage.listSizes
  var grid = ResponsiveImage.gridSizes
}
