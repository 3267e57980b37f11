/// Plan stage: decides every page, its path and its view model, and the image
/// jobs the pages show. Pure: Markdown goes through libcmark.
package struct OutputPlanner {
  package let site: Site
  package let images: ResponsiveImageMaker
  let sections: [(kind: PageKind, title: String, path: String, icon: String)]
  /// Pages link to the edit forms of `serve` (never in a build).
  package var editing = false

  package init(site: Site, jobs: [ImageJob]) {
    self.site = site
    self.images = ResponsiveImageMaker(jobs: jobs, config: site.config)
    var sections: [(PageKind, String, String, String)] = []
    // The menu: each kind in the table's menu with something to show, in the
    // table's order; the parks are named as site.yml names them.
    let shown: [PageKind: Bool] = [
      .parks: !site.parks.isEmpty, .categories: !site.categories.isEmpty, .breeds: !site.breeds.isEmpty,
      .cats: !site.cats.isEmpty, .facts: !site.facts.isEmpty,
    ]
    for kind in PageKind.allCases where shown[kind] ?? true {
      guard let menu = kind.row.menu else { continue }
      let title = kind == .parks ? site.config.parksTitle : menu.title
      sections.append((kind, title, kind.path(config: site.config), menu.icon))
    }
    self.sections = sections
  }

  /// The pages of `site` and its image jobs; `known` (a live site's) plans
  /// only photos it has not planned before.
  package static func plan(_ site: Site, known: KnownJobs? = nil, editing: Bool = false) -> OutputPlan {
    let jobs = known?.jobs(for: site) ?? DerivativePlanner.plan(site)
    var planner = OutputPlanner(site: site, jobs: jobs)
    planner.editing = editing
    return planner.plan(jobs: jobs)
  }

  package func plan(jobs: [ImageJob]) -> OutputPlan {
    var plan = OutputPlan()
    plan.jobs = jobs
    plan.baseURL = site.config.baseURL
    plan.pages.append(home())
    planParks(into: &plan)
    planCategories(into: &plan)
    planBreeds(into: &plan)
    planCats(into: &plan)
    planFacts(into: &plan)
    planArchives(into: &plan)
    plan.pages.append(page(.saved, model: PlainModel(page: context(path(.saved), title: "Saved", kind: .saved))))
    if let credits = site.credits {
      let rendered = Markdown.html(credits, headingShift: 1)
      plan.diagnostics += rendered.diagnostics
      plan.pages.append(
        page(
          .credits,
          model: ArticleModel(
            page: context(path(.credits), title: "Photo credits", kind: .credits), html: rendered.html)))
    }
    var notFound = context(path(.notFound), title: "Page not found", kind: .notFound)
    if !site.config.baseURL.isEmpty { notFound.root = site.config.baseURL + "/" }
    plan.pages.append(page(.notFound, model: PlainModel(page: notFound), inSitemap: false))
    plan.diagnostics += plan.pathCollisions()
    return plan
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

  /// The layout's data for the page at `path`; `root` replaces the relative
  /// prefix to the site root (the edit forms use `/`). The breadcrumb leads
  /// to the page of the kind's parent, named as the menu names it.
  package func context(_ path: String, title: String, kind: PageKind, root: String? = nil) -> PageContext {
    let root = root ?? PagePath.root(of: path)
    let current = sections.first { path.hasPrefix($0.path) }?.kind
    let parent = sections.first { $0.kind == kind.row.parent }.map {
      Link(title: $0.title, href: PagePath.relative(from: path, to: $0.path))
    }
    return PageContext(
      title: title, siteTitle: site.config.title, description: site.config.description,
      lang: site.config.language, root: root,
      canonical: site.config.baseURL.isEmpty ? nil : site.config.baseURL + "/" + path,
      nav: sections.map {
        .init(title: $0.title, href: root + $0.path, current: $0.kind == current, icon: $0.icon)
      },
      kind: kind.rawValue, isHome: path.isEmpty, credits: site.credits == nil ? nil : root + self.path(.credits),
      parent: parent)
  }

  private func home() -> PlannedPage {
    let home = path(.home)
    let layout = context(home, title: site.config.title, kind: .home)
    func cover(_ photo: Photo?, _ alt: String) -> ResponsiveImage? {
      photo.flatMap { images.thumbnail($0, alt: alt, root: layout.root, lazy: false) }
    }
    var cards: [SectionCard] = []
    for section in sections {
      let href = PagePath.relative(from: home, to: section.path)
      switch section.kind {
      case .parks:
        cards.append(
          SectionCard(
            title: site.config.parksTitle,
            subtitle: Text.count(site.parks.count, site.config.parksTitle == "Parks" ? "park" : "section"),
            href: href,
            cover: cover(site.parks.first?.photos.first?.photo, site.config.parksTitle)))
      case .categories:
        cards.append(
          SectionCard(
            title: "Categories", subtitle: Text.count(site.categories.count, "category", "categories"),
            href: href, cover: cover(site.categories.first?.photos.first?.photo, "Categories")))
      case .breeds:
        cards.append(
          SectionCard(
            title: "Breeds", subtitle: Text.count(site.breeds.count, "breed"), href: href,
            cover: cover(site.breeds.first { !$0.photos.isEmpty }?.photos.first, "Breeds")))
      case .cats:
        let photo = site.cats.lazy.compactMap { cat -> Photo? in
          if case .local(let photo) = cat.picture { return photo } else { return nil }
        }.first
        cards.append(
          SectionCard(
            title: "Cats", subtitle: Text.count(site.cats.count, "owned cat"), href: href,
            cover: cover(photo, "Cats")))
      case .facts:
        cards.append(
          SectionCard(
            title: "Facts", subtitle: Text.count(site.facts.count, "fact"), href: href,
            cover: cover(site.facts.first?.background, "Facts")))
      default:
        cards.append(
          SectionCard(title: "Saved", subtitle: "Your favourite photos and facts", href: href, cover: nil))
      }
    }
    return page(.home, model: HomeModel(page: layout, sections: cards))
  }

  /// A section of photos whose pages live under `base` (a park's folder, as
  /// "parks/ohiopyle/", or a category's page), listed on the page at `list`.
  /// `home` is the page that shows the section, from the site root: the
  /// section's own page, or its place on a list ("parks/#list-ohiopyle").
  /// `captionEdit` gives the caption form of the photo at an index (parks under `serve`).
  func photoSection(
    id: String, title: String, base: String, home: String, photos: [PlacedPhoto], list: String,
    captionEdit: ((Int) -> String)? = nil, into plan: inout OutputPlan
  ) -> PhotoSection {
    let listRoot = PagePath.root(of: list)
    var items: [PhotoItem] = []
    for (index, placed) in photos.enumerated() {
      let path = self.path(.photo, placed.slug, section: base)
      guard let thumb = images.thumbnail(placed.photo, alt: placed.caption, root: listRoot, lazy: index >= 8)
      else { continue }
      items.append(
        PhotoItem(
          id: path, caption: placed.caption, href: listRoot + path, thumb: thumb, index: index,
          editCaption: captionEdit?(index)))
      let photoRoot = PagePath.root(of: path)
      guard
        let picture = images.display(
          placed.photo, alt: placed.caption, root: photoRoot, sizes: "(min-width: 1280px) 1280px, 100vw", lazy: false)
      else { continue }
      let link = { (other: PlacedPhoto) in
        Link(title: other.caption, href: photoRoot + self.path(.photo, other.slug, section: base))
      }
      plan.pages.append(
        page(
          .photo, placed.slug, section: base,
          model: PhotoPageModel(
            page: context(path, title: placed.caption, kind: .photo), id: path,
            caption: placed.caption, section: Link(title: title, href: photoRoot + home),
            picture: picture, thumb: images.thumbnail(placed.photo, alt: placed.caption, root: photoRoot, lazy: true),
            position: "\(index + 1) of \(photos.count)",
            exif: site.config.exif.compactMap { field in
              placed.photo.exif[field.rawValue].map { FactRow(label: field.label, value: $0) }
            },
            previous: index > 0 ? link(photos[index - 1]) : nil,
            next: index + 1 < photos.count ? link(photos[index + 1]) : nil, editCaption: captionEdit?(index)),
          pageOrigin: placed.pageOrigin))
      plan.search.append(SearchEntry(kind: .photo, title: placed.caption, text: title, url: path))
    }
    return PhotoSection(id: id, title: title, count: Text.count(items.count, "photo"), href: nil, photos: items)
  }

  private func planParks(into plan: inout OutputPlan) {
    guard !site.parks.isEmpty else { return }
    let list = path(.parks)
    let editing = self.editing
    let sections = site.parks.enumerated().map { number, park in
      let folder = path(.park, park.slug)
      plan.folders.append(PlannedFolder(path: folder, pageOrigin: park.pageOrigin))
      return photoSection(
        id: park.slug, title: park.name, base: folder, home: "\(list)#list-\(park.slug)", photos: park.photos,
        list: list, captionEdit: editing ? { EditPaths.caption(park: number, photo: $0) } : nil, into: &plan)
    }
    plan.pages.append(
      page(
        .parks, model: ParksModel(page: context(list, title: site.config.parksTitle, kind: .parks), sections: sections))
    )
  }

  private func planCategories(into plan: inout OutputPlan) {
    guard !site.categories.isEmpty else { return }
    let list = path(.categories)
    var items: [CategoryItem] = []
    for category in site.categories {
      let path = self.path(.category, category.slug)
      var section = photoSection(
        id: category.slug, title: category.title, base: path, home: path, photos: category.photos, list: path,
        into: &plan)
      section.href = PagePath.root(of: path) + path
      plan.pages.append(
        page(
          .category, category.slug,
          model: CategoryModel(
            page: context(path, title: category.title, kind: .category), section: section, subtitle: category.subtitle),
          pageOrigin: category.pageOrigin))
      items.append(
        CategoryItem(
          title: category.title, subtitle: category.subtitle, href: PagePath.relative(from: list, to: path),
          cover: category.photos.first.flatMap {
            images.thumbnail($0.photo, alt: "", root: PagePath.root(of: list), lazy: items.count >= 8)
          },
          search: "\(category.title) \(category.subtitle)"))
      plan.search.append(SearchEntry(kind: .category, title: category.title, text: category.subtitle, url: path))
    }
    plan.pages.append(
      page(
        .categories,
        model: CategoriesModel(page: context(list, title: "Categories", kind: .categories), categories: items)))
  }
}
