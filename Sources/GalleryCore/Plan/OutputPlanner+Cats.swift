import Foundation

/// Cat pages.
extension OutputPlanner {
  func catItem(_ cat: Cat, root: String) -> CatItem {
    var thumb: ResponsiveImage?
    var remote: String?
    switch cat.picture {
    case .local(let item): thumb = images.thumbnail(item.photo, alt: cat.name, root: root, lazy: true)
    case .remote(let url): remote = url
    case .none: break
    }
    let stars = String(repeating: "★", count: cat.rating) + String(repeating: "☆", count: 5 - cat.rating)
    return CatItem(
      name: cat.name, owner: cat.owner,
      breed: breedHref(cat.breedID, root: root).map { Link(title: cat.breedName, href: $0) },
      breedName: cat.breedName,
      weight: String(format: "%.1f kg", cat.weightKg), stars: stars,
      ratingText: "Rated \(cat.rating) out of 5", age: Dates.age(from: cat.birthDate, to: site.now),
      born: Dates.long(cat.birthDate), bornISO: Dates.day(cat.birthDate), href: root + path(.cat, cat.slug),
      thumb: thumb, remote: remote,
      search: "\(cat.name) \(cat.owner) \(cat.breedName)")
  }

  func planCats(into plan: inout OutputPlan) {
    guard !site.cats.isEmpty else { return }
    for cat in site.cats {
      let path = self.path(.cat, cat.slug)
      let root = PagePath.root(of: path)
      var photo: PagePhoto?
      var layout = context(path, title: "\(cat.name) (\(cat.owner))", kind: .cat)
      layout.preview.describe("\(cat.breedName), owned by \(cat.owner)")
      if case .local(let local) = cat.picture {
        photo = images.pagePhoto(local, id: path, root: root, sizes: "(min-width: 900px) 600px, 100vw", lazy: false)
        layout.preview.image = previewImage(local.photo, caption: cat.name) ?? siteImage
      }
      plan.pages.append(
        page(
          .cat, cat.slug,
          model: CatModel(
            page: layout, cat: catItem(cat, root: root),
            aboutBreed: aboutBreed(of: cat, root: root),
            photo: photo, edit: editing ? EditPaths.cat(cat.id ?? cat.slug) : nil,
            remove: editing ? EditPaths.removeCat(cat.id ?? cat.slug) : nil),
          pageOrigin: cat.pageOrigin))
      var thumb: String?
      if case .local(let item) = cat.picture { thumb = searchThumb(item.photo) }
      plan.search.append(
        SearchEntry(
          kind: .cat, title: cat.name, text: "\(cat.breedName), owned by \(cat.owner)", url: path, place: "Cats",
          thumb: thumb))
    }
    plan.pages += listPages(
      .cats, title: "Cats", count: site.cats.count,
      entries: plan.searchNumbers.suffix(site.cats.count)
    ) { here, layout, range, pager in
      CatsModel(
        page: layout, cats: site.cats[range].map { catItem($0, root: PagePath.root(of: here)) },
        add: editing ? EditPaths.newCat : nil, pager: pager)
    }
  }

  /// The breed of `cat` as its page shows it; a breed that breeds.json lacks is
  /// named by the cat's record, with no link (it has no page), and otherwise unknown.
  func aboutBreed(of cat: Cat, root: String) -> CatBreedModel {
    let breed = site.breeds.first { $0.id == cat.breedID }
    return CatBreedModel(
      name: breed?.name ?? cat.breedName, href: breedHref(cat.breedID, root: root),
      description: breed?.description, temperament: breed?.temperament ?? [],
      thumb: breed?.album.coverItem.flatMap { images.thumbnail($0.photo, alt: "", root: root, lazy: true) },
      remote: breed?.album.items.isEmpty == true ? breed?.remoteImage : nil)
  }
}
