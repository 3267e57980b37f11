/// The kinds of page a site has, one row each in `row`: the one place a kind's
/// name, path, template and parent are spelled. The folders `sections_path`
/// cannot take (`SiteConfig.reservedPaths`), the templates a theme must have
/// (`TemplateSet.required`), breadcrumbs (`PageContext.parent`) and the edit
/// forms' paths (`EditPaths`) are derived from it, so a new kind of page is a
/// new row. The raw value names the kind in `data-kind`.
package enum PageKind: String, CaseIterable, Sendable {
  case home, parks, park, photo, categories, category, breeds, breed, cats, cat, facts, fact, saved
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
  }

  package var row: Row {
    switch self {
    case .home: Row(path: "", template: "home")
    case .parks: Row(path: "{sections}/", template: "parks")
    // A park's photo pages live in its folder; the park is shown on the parks page.
    case .park: Row(path: "{sections}/{slug}/", parent: .parks)
    case .photo: Row(path: "{section}{slug}/", template: "photo")
    case .categories: Row(path: "categories/", template: "categories")
    case .category: Row(path: "categories/{slug}/", template: "category", parent: .categories)
    case .breeds: Row(path: "breeds/", template: "breeds")
    case .breed: Row(path: "breeds/{slug}/", template: "breed", parent: .breeds)
    case .cats: Row(path: "cats/", template: "cats")
    case .cat: Row(path: "cats/{slug}/", template: "cat", parent: .cats)
    case .facts: Row(path: "facts/", template: "facts")
    case .fact: Row(path: "facts/{slug}/", template: "fact", parent: .facts)
    case .saved: Row(path: "saved/", template: "saved")
    case .notFound: Row(path: "404.html", template: "404")
    case .credits: Row(path: "credits/", template: "credits")
    case .edit: Row(path: "/_catgallery/edit/{slug}")
    }
  }

  /// The path of this kind's page for the record `slug` in a site with
  /// `config`; `section` is the folder a photo's page lives in (a park's or
  /// a category's path).
  package func path(_ slug: String = "", section: String = "", config: SiteConfig) -> String {
    row.path.replacingOccurrences(of: "{sections}", with: config.sectionsPath)
      .replacingOccurrences(of: "{section}", with: section)
      .replacingOccurrences(of: "{slug}", with: slug)
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
