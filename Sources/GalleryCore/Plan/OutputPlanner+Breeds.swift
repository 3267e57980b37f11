import Foundation

/// Breed pages.
extension OutputPlanner {
  func planBreeds(into plan: inout OutputPlan) {
    guard !site.breeds.isEmpty else { return }
    for breed in site.breeds {
      let path = self.path(.breed, breed.slug)
      let root = PagePath.root(of: path)
      let summary = [breed.origin, breed.temperament.joined(separator: ", ")].compactMap { $0 }.joined(separator: " · ")
      plan.search.append(
        SearchEntry(
          kind: .breed, title: breed.name, text: summary + " " + breed.altNames.joined(separator: " "), url: path,
          place: "Breeds", thumb: searchThumb(breed.album.coverItem?.photo)))

      var notes: String?
      if let note = breed.notes {
        let rendered = Markdown.html(note, headingShift: 2)
        notes = rendered.html
        plan.diagnostics += rendered.diagnostics
      }
      let cats = site.cats.filter { $0.breedID == breed.id }.map { catItem($0, root: root) }
      var layout = context(path, title: breed.name, kind: .breed)
      layout.preview.describe(breed.description ?? (summary.isEmpty ? site.config.description : summary))
      layout.preview.image =
        breed.album.coverItem.flatMap { previewImage($0.photo, caption: $0.caption) } ?? siteImage
      var facts: [FactRow] = []
      if let origin = breed.origin { facts.append(FactRow(label: "Origin", value: origin)) }
      if let span = breed.lifeSpan { facts.append(FactRow(label: "Life span", value: span)) }
      let weight = [breed.weightMetric, breed.weightImperial.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
      if !weight.isEmpty { facts.append(FactRow(label: "Weight", value: weight)) }
      plan.pages.append(
        page(
          .breed, breed.slug,
          model: BreedModel(
            page: layout, name: breed.name,
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
            photos: breed.album.items.enumerated().compactMap { offset, item in
              images.pagePhoto(
                item, id: path + item.slug, root: root, sizes: "(min-width: 900px) 860px, 100vw", lazy: offset > 0)
            },
            hasManyPhotos: breed.album.items.count > 1,
            remote: breed.album.items.isEmpty ? breed.remoteImage : nil, cats: cats,
            credits: Self.credits(breed.album.items.map(\.photo))),
          pageOrigin: breed.pageOrigin))
    }
    plan.pages += listPages(
      .breeds, title: "Breeds", count: site.breeds.count,
      entries: plan.searchNumbers.suffix(site.breeds.count)
    ) { here, layout, range, pager in
      BreedsModel(
        page: layout,
        breeds: site.breeds[range].enumerated().map { offset, breed in
          breedItem(breed, on: here, lazy: offset >= ResponsiveImage.firstScreen)
        }, pager: pager)
    }
  }

  /// `breed` in the list of breeds on the page at `page`.
  private func breedItem(_ breed: Breed, on page: String, lazy: Bool) -> BreedItem {
    BreedItem(
      name: breed.name, origin: breed.origin ?? "Origin unknown",
      href: PagePath.relative(from: page, to: path(.breed, breed.slug)),
      thumb: breed.album.coverItem.flatMap {
        images.thumbnail($0.photo, alt: breed.name, root: PagePath.root(of: page), lazy: lazy)
      },
      remote: breed.album.items.isEmpty ? breed.remoteImage : nil,
      search: [
        breed.name, breed.origin ?? "", breed.temperament.joined(separator: " "),
        breed.altNames.joined(separator: " "),
      ].joined(separator: " "))
  }

  /// One link per source the photos came from, in the photos' order.
  static func credits(_ photos: [Photo]) -> [Link] {
    var seen: Set<String> = []
    return photos.compactMap(\.credit).filter { seen.insert($0.url).inserted }.map {
      Link(title: $0.name, href: $0.url)
    }
  }

  /// The page of the breed `id` from a page at `root`, or nil when
  /// breeds.json lacks it: the one place a breed link is made.
  func breedHref(_ id: String, root: String) -> String? {
    site.breeds.first { $0.id == id }.map { root + path(.breed, $0.slug) }
  }
}
