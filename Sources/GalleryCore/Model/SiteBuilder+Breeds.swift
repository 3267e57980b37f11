import Foundation

/// Breeds from The Cat API's `/v1/breeds` shape, plus local breed photos and notes.
extension SiteBuilder {
  static let ratingKeys: [(key: String, label: String)] = [
    ("adaptability", "Adaptability"), ("affection_level", "Affection level"),
    ("child_friendly", "Child friendly"), ("cat_friendly", "Cat friendly"),
    ("dog_friendly", "Dog friendly"), ("energy_level", "Energy level"),
    ("grooming", "Grooming"), ("health_issues", "Health issues"),
    ("intelligence", "Intelligence"), ("shedding_level", "Shedding level"),
    ("social_needs", "Social needs"), ("stranger_friendly", "Stranger friendly"),
    ("vocalisation", "Vocalisation"), ("bidability", "Bidability"),
  ]

  static let flagKeys: [(key: String, label: String)] = [
    ("natural", "Natural breed"), ("experimental", "Experimental breed"), ("rare", "Rare"),
    ("hairless", "Hairless"), ("rex", "Curly rex coat"), ("suppressed_tail", "Short or no tail"),
    ("short_legs", "Short legs"), ("hypoallergenic", "Hypoallergenic"),
    ("indoor", "Indoor cat"), ("lap", "Lap cat"),
  ]

  static let linkKeys: [(key: String, label: String)] = [
    ("wikipedia_url", "Wikipedia"), ("cfa_url", "CFA"), ("vetstreet_url", "Vetstreet"),
    ("vcahospitals_url", "VCA Hospitals"),
  ]

  package func breeds(
    _ root: Node?, photos: [PhotoFile], fetched: FetchedPhotos = FetchedPhotos(), resolver: inout PhotoResolver,
    diagnostics: inout DiagnosticCollector
  ) -> [Breed] {
    var seen: [String: SourceLocation] = [:]
    let breeds = RecordReader.records(
      in: root, file: "breeds.json", noun: "breed", plural: "breeds", skipsEmpty: true, diagnostics: &diagnostics
    ) { fields, _, diagnostics -> Breed? in
      guard let id = fields.string("id", required: true, limit: TextLimits.name, &diagnostics) else { return nil }
      if let first = seen[id] {
        diagnostics.error(
          "duplicate breed id \"\(id)\" (first at line \(first.line ?? 0))", at: fields.location(of: "id"))
        return nil
      }
      seen[id] = fields.location(of: "id")
      if Slug.make(id) != id.lowercased() || PhotoResolver.isUnsafe(id) {
        diagnostics.error(
          "breed id \"\(id)\" must contain only letters, digits and dashes", at: fields.location(of: "id"))
        return nil
      }
      let named = fields.renamed("breed \"\(id)\"")
      let name = named.string("name", required: true, limit: TextLimits.name, &diagnostics) ?? id
      return breed(
        id: id, name: name, reader: named, photos: photos, fetched: fetched, resolver: &resolver,
        diagnostics: &diagnostics)
    }
    // Without a list of breeds, breed folders are not reported one by one.
    guard root?.array != nil else { return breeds }
    for photo in photos where photo.relativePath.hasPrefix("breeds/") {
      let parts = photo.relativePath.split(separator: "/")
      if parts.count >= 3, seen[String(parts[1])] == nil {
        diagnostics.warning(
          "folder \"\(parts[1])\" names no breed in breeds.json", at: SourceLocation(file: photo.file))
        resolver.markUsed(photo)
      }
    }
    return breeds.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
  }

  private func breed(
    id: String, name: String, reader: FieldReader, photos: [PhotoFile], fetched: FetchedPhotos,
    resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector
  ) -> Breed {
    let ratings = Self.ratingKeys.map { key, label in
      var value = reader.integer(key, &diagnostics)
      if let rating = value, !(0...5).contains(rating) {
        diagnostics.error(
          "\"\(key)\" of \(reader.owner) must be from 0 to 5, found \(rating)", at: reader.location(of: key))
        value = nil
      }
      return Breed.Rating(key: key, label: label, value: value)
    }
    let flags: [Breed.Flag] = Self.flagKeys.compactMap { key, label in
      guard let value = reader.integer(key, &diagnostics) else { return nil }
      guard value == 0 || value == 1 else {
        diagnostics.error("\"\(key)\" of \(reader.owner) must be 0 or 1, found \(value)", at: reader.location(of: key))
        return nil
      }
      return Breed.Flag(key: key, label: label, value: value == 1)
    }
    let links: [Breed.Link] = Self.linkKeys.compactMap { key, label in
      guard let url = reader.string(key, limit: TextLimits.url, &diagnostics) else { return nil }
      guard Text.isWebURL(url) else {
        diagnostics.warning(
          "\"\(key)\" of \(reader.owner) is not an http(s) URL; not linked", at: reader.location(of: key))
        return nil
      }
      return Breed.Link(label: label, url: url)
    }
    var weightMetric: String?
    var weightImperial: String?
    if let weight = reader.node["weight"], weight.isDictionary {
      let weightReader = FieldReader(node: weight, owner: "weight of \(reader.owner)")
      weightMetric = weightReader.string("metric", &diagnostics).map { Text.range($0) + " kg" }
      weightImperial = weightReader.string("imperial", &diagnostics).map { Text.range($0) + " lb" }
    }
    let folder = photos.filter {
      $0.relativePath.hasPrefix("breeds/\(id)/") && $0.relativePath.split(separator: "/").count == 3
    }
    folder.forEach { resolver.markUsed($0) }
    // A Live Photo's clip plays over its still (`LivePhotos`), so it is no item of its own.
    let partners = Set(resolver.liveClips.values.map(\.relativePath))
    // Fetched photos first, in the API's order, so the reference image is the cover.
    let local = fetched.ordered(folder.filter { !partners.contains($0.relativePath) })
    return Breed(
      id: id, name: Text.tidy(name), slug: Slug.make(id),
      description: reader.string("description", limit: TextLimits.description, &diagnostics).map(Text.tidy),
      temperament: (reader.string("temperament", &diagnostics) ?? "")
        .split(separator: ",").map { Text.tidy(String($0)) }.filter { !$0.isEmpty },
      origin: reader.string("origin", &diagnostics).map(Text.tidy),
      countryCodes: splitList(reader.string("country_codes", &diagnostics)),
      altNames: splitList(reader.string("alt_names", &diagnostics)),
      lifeSpan: reader.string("life_span", &diagnostics).map { Text.range($0) + " years" },
      weightMetric: weightMetric, weightImperial: weightImperial,
      ratings: ratings, flags: flags, links: links,
      album: album(
        of: Text.tidy(name), slug: Slug.make(id), photos: local, live: resolver.liveClips, fetched: fetched),
      remoteImage: remoteImage(reader, diagnostics: &diagnostics), notes: nil,
      pageOrigin: PageOrigin(name: reader.owner, location: reader.location(of: "id")))
  }

  /// A breed's photos as an album: each captioned "Abyssinian, photo 2 of 3"
  /// and named by its file, so a shared link or a saved photo stays right
  /// when the order changes (files of one folder have distinct names). A
  /// still with a clip in `live` (by its path) is a Live Photo.
  private func album(
    of name: String, slug: String, photos: [PhotoFile], live: [String: PhotoFile], fetched: FetchedPhotos
  ) -> Album {
    var album = Album(title: name, slug: slug)
    let local = photos.compactMap { Photo($0, credit: fetched.credit(for: $0.relativePath)) }
    album.items = local.enumerated().map { offset, photo in
      var item = MediaItem(
        photo: photo, caption: "\(name), photo \(offset + 1) of \(local.count)",
        slug: photo.id.split(separator: "/").last.map(String.init) ?? photo.stem)
      item.live = live[photo.id].flatMap { Photo($0) }
      return item
    }
    return album
  }

  private func splitList(_ text: String?) -> [String] {
    (text ?? "").split(separator: ",").map { Text.tidy(String($0)) }.filter { !$0.isEmpty }
  }

  /// The Cat API's CDN image for `reference_image_id`, else an https `image.url`.
  private func remoteImage(_ reader: FieldReader, diagnostics: inout DiagnosticCollector) -> String? {
    if let reference = reader.string("reference_image_id", &diagnostics) {
      if reference.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) {
        return "https://cdn2.thecatapi.com/images/\(reference).jpg"
      }
      diagnostics.warning(
        "\"reference_image_id\" of \(reader.owner) is not a valid image id",
        at: reader.location(of: "reference_image_id"))
    }
    if let image = reader.node["image"], image.isDictionary,
      let url = FieldReader(node: image, owner: reader.owner).string("url", limit: TextLimits.url, &diagnostics),
      Text.isSecureURL(url)
    {
      return url
    }
    return nil
  }

  /// Attaches content/notes/<id>.md to its breed, splitting off YAML front matter.
  func attachNotes(_ notes: [NoteSource], to breeds: inout [Breed], diagnostics: inout DiagnosticCollector) {
    for source in notes {
      guard let index = breeds.firstIndex(where: { $0.id == source.breedID }) else {
        diagnostics.warning(
          "notes for unknown breed \"\(source.breedID)\"", at: SourceLocation(file: source.file, line: 1))
        continue
      }
      breeds[index].notes = FrontMatter.split(source, diagnostics: &diagnostics)
    }
  }
}
