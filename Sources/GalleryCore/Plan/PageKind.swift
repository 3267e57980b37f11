/// The kinds of page a site has, one row each in `row`: the one place a kind's
/// name, path, template and parent are spelled. The folders `sections_path`
/// cannot take (`SiteConfig.reservedPaths`), the templates a theme must have
/// (`TemplateSet.required`), breadcrumbs (`PageContext.parent`) and the edit
/// forms' paths (`EditPaths`), the menu and search results' labels are derived
/// from it, so a new kind of page is a new row. The raw value names the kind in
/// `data-kind`.
package enum PageKind: String, CaseIterable, Sendable {
  case home, parks, park, album, photo, categories, breeds, breed, cats, cat, facts, fact, saved, search
  case notFound = "404"
  case credits, edit

  /// One row of the table.
  package struct Row: Sendable {
    /// Where the kind's pages live, from the site root: a folder ending in `/`
    /// or a file. `{sections}` stands for site.yml's `sections_path`, `{slug}`
    /// for the record's slug and `{section}` for the folder of the park or
    /// category a photo belongs to. An absolute path is answered by `serve`
    /// only and never written into a build.
    package var path: String
    /// The page template (`templates/<template>.mustache`); nil for a kind the
    /// planner renders no page of (a park's folder, the edit forms, which name
    /// their own templates in `templates/edit/`).
    package var template: String?
    /// The kind whose page its breadcrumb leads back to; nil at the top.
    package var parent: PageKind?
    /// The name of the kind's page in the menu, and the icon beside it; nil
    /// for a kind that is not in the menu.
    package var menu: (title: String, icon: String)?
    /// What a search result of this kind is called ("Breed"); nil for a kind
    /// that has no entries in the search index.
    package var searchLabel: String?

    init(
      path: String, template: String? = nil, parent: PageKind? = nil, menu: (title: String, icon: String)? = nil,
      searchLabel: String? = nil
    ) {
      self.path = path
      self.template = template
      self.parent = parent
      self.menu = menu
      self.searchLabel = searchLabel
    }
  }

  package var row: Row {
    switch self {
    case .home: Row(path: "", template: "home")
    // Albums (`Site.albums`) are in the menu by their own titles and icons;
    // the parks album's page lists its child albums as sections.
    case .parks: Row(path: "{sections}/", template: "parks")
    // A park's own page and its photos' pages live in its folder.
    case .park: Row(path: "{sections}/{slug}/", parent: .parks)
    // Any other album's page, at the album's folder (`Album.path`).
    case .album: Row(path: "{section}", template: "album", searchLabel: "Album")
    case .photo: Row(path: "{section}{slug}/", template: "photo", searchLabel: "Photo")
    // The categories album's folder, kept from a path no site.yml may take.
    case .categories: Row(path: "categories/")
    case .breeds: Row(path: "breeds/", template: "breeds", menu: ("Breeds", "paw"))
    case .breed: Row(path: "breeds/{slug}/", template: "breed", parent: .breeds, searchLabel: "Breed")
    case .cats: Row(path: "cats/", template: "cats", menu: ("Cats", "cat"))
    case .cat: Row(path: "cats/{slug}/", template: "cat", parent: .cats, searchLabel: "Cat")
    case .facts: Row(path: "facts/", template: "facts", menu: ("Facts", "bulb"))
    case .fact: Row(path: "facts/{slug}/", template: "fact", parent: .facts, searchLabel: "Fact")
    case .saved: Row(path: "saved/", template: "saved", menu: ("Saved", "heart"))
    // Where the header's search box sends a query: the results with
    // JavaScript, and without it a page that says so and links the albums.
    case .search: Row(path: "search/", template: "search-page")
    case .notFound: Row(path: "404.html", template: "404")
    case .credits: Row(path: "credits/", template: "credits")
    case .edit: Row(path: "/_catgallery/edit/{slug}")
    }
  }

  /// The path of this kind's page for the record `slug` in a site with
  /// `config`; `section` is the folder a photo's page lives in (a park's or
  /// a category's path).
  package func path(_ slug: String = "", section: String = "", config: SiteConfig) -> String {
    // One pass, each placeholder filled once (a value is never read for
    // placeholders): the planner asks for thousands of paths a build, and
    // Foundation's replacingOccurrences was a twentieth of a rebuild under `serve`.
    var result = ""
    var rest = Substring(row.path)
    // Braces found on the bytes: a Character search asks about graphemes at every step.
    while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")),
      let close = rest.utf8[open...].firstIndex(of: UInt8(ascii: "}"))
    {
      result += rest[..<open]
      switch rest[rest.index(after: open)..<close] {
      case "sections": result += config.sectionsPath
      case "section": result += section
      case "slug": result += slug
      default: result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The templates a theme must have: one per kind the planner renders.
  package static var templates: [String] { allCases.compactMap(\.row.template) }

  /// The top folders of the pages of a build that do not depend on site.yml
  /// ("breeds", "cats", …).
  package static var folders: Set<String> {
    Set(
      allCases.compactMap { kind -> String? in
        let path = kind.row.path
        guard !path.hasPrefix("/"), !path.hasPrefix("{"), let slash = path.firstIndex(of: "/") else { return nil }
        return String(path[..<slash])
      })
  }
}
