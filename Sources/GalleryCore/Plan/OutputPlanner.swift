/// Plan stage: decides every page, its path and its view model, and the image
/// jobs the pages show. Pure: Markdown goes through libcmark.
package struct OutputPlanner {
  package let site: Site
  package let images: ResponsiveImageMaker
  let sections: [(kind: String, title: String, path: String, icon: String)]
  /// Pages link to the edit forms of `serve` (never in a build).
  package var editing = false

  package init(site: Site, jobs: [ImageJob]) {
    self.site = site
    self.images = ResponsiveImageMaker(jobs: jobs, config: site.config)
    var sections: [(String, String, String, String)] = []
    if !site.parks.isEmpty {
      sections.append(("parks", site.config.parksTitle, site.config.sectionsPath + "/", "park"))
    }
    if !site.categories.isEmpty { sections.append(("categories", "Categories", "categories/", "grid")) }
    if !site.breeds.isEmpty { sections.append(("breeds", "Breeds", "breeds/", "paw")) }
    if !site.cats.isEmpty { sections.append(("cats", "Cats", "cats/", "cat")) }
    if !site.facts.isEmpty { sections.append(("facts", "Facts", "facts/", "bulb")) }
    sections.append(("saved", "Saved", "saved/", "heart"))
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
    plan.pages.append(
      PlannedPage(
        path: "saved/", template: "saved", model: PlainModel(page: context("saved/", title: "Saved", kind: "saved"))))
    if let credits = site.credits {
      let rendered = Markdown.html(credits, headingShift: 1)
      plan.diagnostics += rendered.diagnostics
      plan.pages.append(
        PlannedPage(
          path: "credits/", template: "credits",
          model: ArticleModel(page: context("credits/", title: "Photo credits", kind: "credits"), html: rendered.html)))
    }
    var notFound = context("404.html", title: "Page not found", kind: "404")
    if !site.config.baseURL.isEmpty { notFound.root = site.config.baseURL + "/" }
    plan.pages.append(
      PlannedPage(path: "404.html", template: "404", model: PlainModel(page: notFound), inSitemap: false))
    plan.diagnostics += plan.pathCollisions()
    return plan
  }

  /// The layout's data for the page at `path`; `root` replaces the relative
  /// prefix to the site root (the edit forms use `/`).
  package func context(_ path: String, title: String, kind: String, root: String? = nil) -> PageContext {
    let root = root ?? PagePath.root(of: path)
    let current = sections.first { path.hasPrefix($0.path) }?.kind
    return PageContext(
      title: title, siteTitle: site.config.title, description: site.config.description,
      lang: site.config.language, root: root,
      canonical: site.config.baseURL.isEmpty ? nil : site.config.baseURL + "/" + path,
      nav: sections.map {
        .init(title: $0.title, href: root + $0.path, current: $0.kind == current, icon: $0.icon)
      },
      kind: kind, isHome: path.isEmpty, credits: site.credits == nil ? nil : root + "credits/")
  }

  private func home() -> PlannedPage {
    let page = context("", title: site.config.title, kind: "home")
    func cover(_ photo: Photo?, _ alt: String) -> ResponsiveImage? {
      photo.flatMap { images.thumbnail($0, alt: alt, root: "", lazy: false) }
    }
    var cards: [SectionCard] = []
    for section in sections {
      switch section.kind {
      case "parks":
        cards.append(
          SectionCard(
            title: site.config.parksTitle,
            subtitle: Text.count(site.parks.count, site.config.parksTitle == "Parks" ? "park" : "section"),
            href: site.config.sectionsPath + "/",
            cover: cover(site.parks.first?.photos.first?.photo, site.config.parksTitle)))
      case "categories":
        cards.append(
          SectionCard(
            title: "Categories", subtitle: Text.count(site.categories.count, "category", "categories"),
            href: "categories/", cover: cover(site.categories.first?.photos.first?.photo, "Categories")))
      case "breeds":
        cards.append(
          SectionCard(
            title: "Breeds", subtitle: Text.count(site.breeds.count, "breed"), href: "breeds/",
            cover: cover(site.breeds.first { !$0.photos.isEmpty }?.photos.first, "Breeds")))
      case "cats":
        let photo = site.cats.lazy.compactMap { cat -> Photo? in
          if case .local(let photo) = cat.picture { return photo } else { return nil }
        }.first
        cards.append(
          SectionCard(
            title: "Cats", subtitle: Text.count(site.cats.count, "owned cat"), href: "cats/",
            cover: cover(photo, "Cats")))
      case "facts":
        cards.append(
          SectionCard(
            title: "Facts", subtitle: Text.count(site.facts.count, "fact"), href: "facts/",
            cover: cover(site.facts.first?.background, "Facts")))
      default:
        cards.append(
          SectionCard(title: "Saved", subtitle: "Your favourite photos and facts", href: "saved/", cover: nil))
      }
    }
    return PlannedPage(path: "", template: "home", model: HomeModel(page: page, sections: cards))
  }

  /// A section of photos whose pages live under `base` (e.g. "parks/ohiopyle/").
  /// `home` is the page that shows the section, from the site root: the
  /// section's own page, or its place on a list ("parks/#list-ohiopyle").
  /// `captionEdit` gives the caption form of the photo at an index (parks under `serve`).
  func photoSection(
    id: String, title: String, base: String, home: String, photos: [PlacedPhoto], pageRoot: String,
    captionEdit: ((Int) -> String)? = nil, into plan: inout OutputPlan
  ) -> PhotoSection {
    var items: [PhotoItem] = []
    for (index, placed) in photos.enumerated() {
      let path = base + placed.slug + "/"
      guard let thumb = images.thumbnail(placed.photo, alt: placed.caption, root: pageRoot, lazy: index >= 8)
      else { continue }
      items.append(
        PhotoItem(
          id: path, caption: placed.caption, href: pageRoot + path, thumb: thumb, index: index,
          editCaption: captionEdit?(index)))
      let photoRoot = PagePath.root(of: path)
      guard
        let picture = images.display(
          placed.photo, alt: placed.caption, root: photoRoot, sizes: "(min-width: 1280px) 1280px, 100vw", lazy: false)
      else { continue }
      let link = { (other: PlacedPhoto) in Link(title: other.caption, href: photoRoot + base + other.slug + "/") }
      plan.pages.append(
        PlannedPage(
          path: path, template: "photo",
          model: PhotoPageModel(
            page: context(path, title: placed.caption, kind: "photo"), id: path,
            caption: placed.caption, section: Link(title: title, href: photoRoot + home),
            picture: picture, thumb: images.thumbnail(placed.photo, alt: placed.caption, root: photoRoot, lazy: true),
            position: "\(index + 1) of \(photos.count)",
            exif: site.config.exif.compactMap { field in
              placed.photo.exif[field.rawValue].map { FactRow(label: field.label, value: $0) }
            },
            previous: index > 0 ? link(photos[index - 1]) : nil,
            next: index + 1 < photos.count ? link(photos[index + 1]) : nil, editCaption: captionEdit?(index)),
          pageOrigin: placed.pageOrigin))
      plan.search.append(SearchEntry(kind: "Photo", title: placed.caption, text: title, url: path))
    }
    return PhotoSection(id: id, title: title, count: Text.count(items.count, "photo"), href: nil, photos: items)
  }

  private func planParks(into plan: inout OutputPlan) {
    guard !site.parks.isEmpty else { return }
    let list = site.config.sectionsPath + "/"
    let editing = self.editing
    let sections = site.parks.enumerated().map { number, park in
      plan.folders.append(PlannedFolder(path: "\(list)\(park.slug)/", pageOrigin: park.pageOrigin))
      return photoSection(
        id: park.slug, title: park.name, base: "\(list)\(park.slug)/", home: "\(list)#list-\(park.slug)",
        photos: park.photos, pageRoot: "../",
        captionEdit: editing ? { EditPaths.caption(park: number, photo: $0) } : nil, into: &plan)
    }
    plan.pages.append(
      PlannedPage(
        path: list, template: "parks",
        model: ParksModel(page: context(list, title: site.config.parksTitle, kind: "parks"), sections: sections)))
  }

  private func planCategories(into plan: inout OutputPlan) {
    guard !site.categories.isEmpty else { return }
    var items: [CategoryItem] = []
    for category in site.categories {
      let path = "categories/\(category.slug)/"
      var section = photoSection(
        id: category.slug, title: category.title, base: path, home: path, photos: category.photos, pageRoot: "../../",
        into: &plan)
      section.href = "../../" + path
      plan.pages.append(
        PlannedPage(
          path: path, template: "category",
          model: CategoryModel(
            page: context(path, title: category.title, kind: "category"), section: section, subtitle: category.subtitle),
          pageOrigin: category.pageOrigin))
      items.append(
        CategoryItem(
          title: category.title, subtitle: category.subtitle, href: category.slug + "/",
          cover: category.photos.first.flatMap {
            images.thumbnail($0.photo, alt: "", root: "../", lazy: items.count >= 8)
          },
          search: "\(category.title) \(category.subtitle)"))
      plan.search.append(SearchEntry(kind: "Category", title: category.title, text: category.subtitle, url: path))
    }
    plan.pages.append(
      PlannedPage(
        path: "categories/", template: "categories",
        model: CategoriesModel(page: context("categories/", title: "Categories", kind: "categories"), categories: items)
      ))
  }
}
