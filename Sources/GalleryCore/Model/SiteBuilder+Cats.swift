import Foundation

/// Owned cats as a restdb.io collection export, linked to their breeds
/// (unless `checksBreeds` is false: `fetch` checks cats alone when it knows no breeds).
extension SiteBuilder {
  package func cats(
    _ root: Node?, breeds: [Breed], checksBreeds: Bool = true, fetched: FetchedPhotos = FetchedPhotos(),
    resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector
  ) -> [Cat] {
    let breedNames = Dictionary(breeds.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    var ids: [String: Int] = [:]
    let cats = RecordReader.records(
      in: root, file: "cats.json", noun: "cat", plural: "cats", skipsFaulty: true, diagnostics: &diagnostics
    ) { fields, number, diagnostics -> Cat? in
      let owner = fields.owner
      let id = fields.string("_id", limit: TextLimits.name, &diagnostics)
      if let id {
        if let first = ids[id] {
          diagnostics.error("duplicate _id \"\(id)\" (also cat \(first))", at: fields.location(of: "_id"))
        }
        ids[id] = number
      }
      let name = fields.string("catName", required: true, limit: TextLimits.name, &diagnostics)
      let ownerName = fields.string("ownerName", required: true, limit: TextLimits.name, &diagnostics)
      let breedID = fields.string("breedId", required: true, limit: TextLimits.name, &diagnostics)
      if let breedID, checksBreeds, breedNames[breedID] == nil {
        diagnostics.error(
          "\(owner) has unknown breedId \"\(breedID)\" (not in breeds.json)", at: fields.location(of: "breedId"))
      }
      let birthDate = self.birthDate(fields, diagnostics: &diagnostics)
      let weight = fields.number("weightKg", required: true, &diagnostics)
      if let weight, !(weight > 0 && weight < 40) {
        diagnostics.error(
          "\"weightKg\" of \(owner) must be between 0 and 40, found \(weight)", at: fields.location(of: "weightKg"))
      }
      let rating = fields.integer("rating", required: true, &diagnostics)
      if let rating, !(1...5).contains(rating) {
        diagnostics.error(
          "\"rating\" of \(owner) must be from 1 to 5, found \(rating)", at: fields.location(of: "rating"))
      }
      let slug = Slug.make(id ?? "\(Text.tidy(name ?? "")) \(Text.tidy(ownerName ?? ""))")
      let picture = self.picture(
        fields, caption: Text.tidy(name ?? ""), slug: slug, fetched: fetched, resolver: &resolver,
        diagnostics: &diagnostics)
      guard let name, let ownerName, let breedID, let breedName = breedNames[breedID] ?? (checksBreeds ? nil : breedID),
        let birthDate, let weight, let rating
      else { return nil }
      return Cat(
        id: id, name: Text.tidy(name), owner: Text.tidy(ownerName), breedID: breedID,
        breedName: breedName, birthDate: birthDate, weightKg: weight, rating: rating,
        picture: picture, slug: slug, record: number - 1,
        pageOrigin: PageOrigin(
          name: "\(owner) \"\(Text.tidy(name))\"", location: fields.location(of: id == nil ? "catName" : "_id")))
    }
    return cats
  }

  private func birthDate(_ reader: FieldReader, diagnostics: inout DiagnosticCollector) -> Date? {
    guard let text = reader.string("birthDate", required: true, &diagnostics) else { return nil }
    guard let date = Self.parseISO8601(text) else {
      diagnostics.error(
        "\"birthDate\" of \(reader.owner) is not an ISO-8601 date: \"\(text)\"", at: reader.location(of: "birthDate"))
      return nil
    }
    if date > now {
      diagnostics.error(
        "\"birthDate\" of \(reader.owner) is in the future: \(text)", at: reader.location(of: "birthDate"))
      return nil
    }
    return date
  }

  /// ISO-8601 with or without fractional seconds, as restdb.io and Mockaroo write it.
  static func parseISO8601(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    if let date = try? fractional.parse(text) { return date }
    if let date = try? Date.ISO8601FormatStyle().year().month().day().parse(text) { return date }
    return nil
  }

  /// A local photo name, the copy `fetch` downloaded of a URL, an https URL,
  /// or a placeholder (with a warning for http). A local photo is the cat's
  /// one media item, captioned with its name.
  private func picture(
    _ reader: FieldReader, caption: String, slug: String, fetched: FetchedPhotos, resolver: inout PhotoResolver,
    diagnostics: inout DiagnosticCollector
  ) -> CatPicture {
    func item(_ file: PhotoFile) -> CatPicture {
      Photo(file).map { .local(MediaItem(photo: $0, caption: caption, slug: slug)) } ?? .none
    }
    guard let value = reader.string("photoUrl", limit: TextLimits.url, &diagnostics) else { return .none }
    let location = reader.location(of: "photoUrl")
    if let file = fetched.localFile(for: value), let photo = resolver.resolve(path: file) {
      return item(photo)
    }
    if value.contains("://") {
      if Text.isSecureURL(value) { return .remote(value) }
      if Text.isWebURL(value) {
        diagnostics.warning(
          "photoUrl of \(reader.owner) is not https; showing a placeholder (browsers block insecure images)",
          at: location)
      } else {
        diagnostics.warning("photoUrl of \(reader.owner) is not a web URL; showing a placeholder", at: location)
      }
      return .none
    }
    switch resolver.resolve(value) {
    case .success(let file): return item(file)
    case .failure(let failure):
      if let message = PhotoResolver.message(for: failure, name: value, owner: reader.owner) {
        diagnostics.error(message, at: location)
      }
      return .none
    }
  }
}
