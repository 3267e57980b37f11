import Foundation

/// Breed, cat and fact pages.
extension OutputPlanner {
  func planBreeds(into plan: inout OutputPlan) {
    guard !site.breeds.isEmpty else { return }
    var items: [BreedItem] = []
    for (index, breed) in site.breeds.enumerated() {
      let path = "breeds/\(breed.slug)/"
      let root = PagePath.root(of: path)
      let summary = [breed.origin, breed.temperament.joined(separator: ", ")].compactMap { $0 }.joined(separator: " · ")
      items.append(
        BreedItem(
          name: breed.name, origin: breed.origin ?? "Origin unknown", href: breed.slug + "/",
          thumb: breed.photos.first.flatMap { images.thumbnail($0, alt: breed.name, root: "../", lazy: index >= 8) },
          remote: breed.photos.isEmpty ? breed.remoteImage : nil,
          search: [
            breed.name, breed.origin ?? "", breed.temperament.joined(separator: " "),
            breed.altNames.joined(separator: " "),
          ].joined(separator: " ")))
      plan.search.append(SearchEntry(kind: "Breed", title: breed.name, text: summary, url: path))

      var notes: String?
      if let note = breed.notes {
        let rendered = Markdown.html(note, headingShift: 2)
        notes = rendered.html
        plan.diagnostics += rendered.diagnostics
      }
      let cats = site.cats.filter { $0.breedID == breed.id }.map { catItem($0, root: root) }
      var facts: [FactRow] = []
      if let origin = breed.origin { facts.append(FactRow(label: "Origin", value: origin)) }
      if let span = breed.lifeSpan { facts.append(FactRow(label: "Life span", value: span)) }
      let weight = [breed.weightMetric, breed.weightImperial.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
      if !weight.isEmpty { facts.append(FactRow(label: "Weight", value: weight)) }
      plan.pages.append(
        PlannedPage(
          path: path, template: "breed",
          model: BreedModel(
            page: context(path, title: breed.name, kind: "breed"), name: breed.name,
            altNames: breed.altNames.isEmpty ? nil : breed.altNames.joined(separator: ", "),
            description: breed.description, temperament: breed.temperament, facts: facts,
            ratings: breed.ratings.map { rating in
              RatingItem(
                label: rating.label, known: rating.value != nil, value: rating.value ?? 0,
                text: rating.value.map { "\($0) out of 5" } ?? "Unknown")
            },
            flags: breed.flags.map { FactRow(label: $0.label, value: $0.value ? "Yes" : "No") },
            links: breed.links.map { Link(title: $0.label, href: $0.url) },
            notes: notes, notesTitle: breed.notes?.frontMatter["title"],
            notesAuthor: breed.notes?.frontMatter["author"],
            photos: breed.photos.enumerated().compactMap { offset, photo in
              // Named by its file, not its place: a shared link or a saved photo
              // stays right when the order changes.
              images.pagePhoto(
                photo, id: path + (photo.id.split(separator: "/").last.map(String.init) ?? photo.stem),
                caption: "\(breed.name), photo \(offset + 1) of \(breed.photos.count)", root: root,
                sizes: "(min-width: 900px) 860px, 100vw", lazy: offset > 0)
            },
            hasManyPhotos: breed.photos.count > 1,
            remote: breed.photos.isEmpty ? breed.remoteImage : nil, cats: cats,
            credits: Self.credits(breed.photos)),
          pageOrigin: breed.pageOrigin))
    }
    plan.pages.append(
      PlannedPage(
        path: "breeds/", template: "breeds",
        model: BreedsModel(page: context("breeds/", title: "Breeds", kind: "breeds"), breeds: items)))
  }

  /// One link per source the photos came from, in the photos' order.
  static func credits(_ photos: [Photo]) -> [Link] {
    var seen: Set<String> = []
    return photos.compactMap(\.credit).filter { seen.insert($0.url).inserted }.map {
      Link(title: $0.name, href: $0.url)
    }
  }

  func catItem(_ cat: Cat, root: String) -> CatItem {
    var thumb: ResponsiveImage?
    var remote: String?
    switch cat.picture {
    case .local(let photo): thumb = images.thumbnail(photo, alt: cat.name, root: root, lazy: true)
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
      born: Dates.long(cat.birthDate), bornISO: Dates.day(cat.birthDate), href: root + "cats/\(cat.slug)/",
      thumb: thumb, remote: remote,
      search: "\(cat.name) \(cat.owner) \(cat.breedName)")
  }

  func planCats(into plan: inout OutputPlan) {
    guard !site.cats.isEmpty else { return }
    let items = site.cats.map { catItem($0, root: "../") }
    for cat in site.cats {
      let path = "cats/\(cat.slug)/"
      let root = PagePath.root(of: path)
      var photo: PagePhoto?
      if case .local(let local) = cat.picture {
        photo = images.pagePhoto(
          local, id: path, caption: cat.name, root: root, sizes: "(min-width: 900px) 600px, 100vw", lazy: false)
      }
      plan.pages.append(
        PlannedPage(
          path: path, template: "cat",
          model: CatModel(
            page: context(path, title: "\(cat.name) (\(cat.owner))", kind: "cat"), cat: catItem(cat, root: root),
            aboutBreed: aboutBreed(of: cat, root: root),
            photo: photo, edit: editing ? EditPaths.cat(cat.id ?? cat.slug) : nil,
            remove: editing ? EditPaths.removeCat(cat.id ?? cat.slug) : nil),
          pageOrigin: cat.pageOrigin))
      plan.search.append(
        SearchEntry(kind: "Cat", title: cat.name, text: "\(cat.breedName), owned by \(cat.owner)", url: path))
    }
    plan.pages.append(
      PlannedPage(
        path: "cats/", template: "cats",
        model: CatsModel(
          page: context("cats/", title: "Cats", kind: "cats"), cats: items, add: editing ? EditPaths.newCat : nil)))
  }

  /// The breed of `cat` as its page shows it; a breed that breeds.json lacks is
  /// named by the cat's record, with no link (it has no page), and otherwise unknown.
  func aboutBreed(of cat: Cat, root: String) -> CatBreedModel {
    let breed = site.breeds.first { $0.id == cat.breedID }
    return CatBreedModel(
      name: breed?.name ?? cat.breedName, href: breedHref(cat.breedID, root: root),
      description: breed?.description, temperament: breed?.temperament ?? [],
      thumb: breed?.photos.first.flatMap { images.thumbnail($0, alt: "", root: root, lazy: true) },
      remote: breed?.photos.isEmpty == true ? breed?.remoteImage : nil)
  }

  /// The page of the breed `id` from a page at `root`, or nil when
  /// breeds.json lacks it: the one place a breed link is made.
  func breedHref(_ id: String, root: String) -> String? {
    site.breeds.first { $0.id == id }.map { root + "breeds/\($0.slug)/" }
  }

  func planFacts(into plan: inout OutputPlan) {
    guard !site.facts.isEmpty else { return }
    let items = site.facts.map { FactItem(id: $0.slug, text: $0.text, href: $0.slug + "/") }
    for (index, fact) in site.facts.enumerated() {
      let path = "facts/\(fact.slug)/"
      let link = { (other: Fact) in Link(title: other.text, href: "../\(other.slug)/") }
      plan.pages.append(
        PlannedPage(
          path: path, template: "fact",
          model: FactModel(
            page: context(path, title: "Fact \(index + 1)", kind: "fact"),
            fact: FactItem(id: fact.slug, text: fact.text, href: ""),
            background: fact.background.flatMap {
              images.display($0, alt: "", root: "../../", sizes: "100vw", lazy: false)
            },
            previous: index > 0 ? link(site.facts[index - 1]) : nil,
            next: index + 1 < site.facts.count ? link(site.facts[index + 1]) : nil),
          pageOrigin: fact.pageOrigin))
      plan.search.append(SearchEntry(kind: "Fact", title: "Fact \(index + 1)", text: fact.text, url: path))
    }
    plan.pages.append(
      PlannedPage(
        path: "facts/", template: "facts",
        model: FactsModel(page: context("facts/", title: "Facts", kind: "facts"), facts: items)))
  }
}
