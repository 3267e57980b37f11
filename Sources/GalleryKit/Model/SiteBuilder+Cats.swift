import Foundation

/// Owned cats as a restdb.io collection export, linked to their breeds.
extension SiteBuilder {
  func cats(_ root: Node?, breeds: [Breed], resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector)
    -> [Cat]
  {
    guard let root else { return [] }
    guard let items = root.array else {
      diagnostics.error("cats.json must be an array of cats", at: root)
      return []
    }
    let breedNames = Dictionary(breeds.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    var cats: [Cat] = []
    var ids: [String: Int] = [:]
    var slugs: Set<String> = []
    for (index, item) in items.enumerated() {
      let owner = "cat \(index + 1)"
      guard item.isDictionary else {
        diagnostics.error("\(owner) must be an object, found \(item.kindDescription)", at: item)
        continue
      }
      let reader = FieldReader(node: item, owner: owner)
      let errorsBefore = diagnostics.list.count
      let id = reader.string("_id", limit: TextLimits.name, &diagnostics)
      if let id {
        if let first = ids[id] {
          diagnostics.error("duplicate _id \"\(id)\" (also cat \(first))", at: reader.location(of: "_id"))
        }
        ids[id] = index + 1
      }
      let name = reader.string("catName", required: true, limit: TextLimits.name, &diagnostics)
      let ownerName = reader.string("ownerName", required: true, limit: TextLimits.name, &diagnostics)
      let breedID = reader.string("breedId", required: true, limit: TextLimits.name, &diagnostics)
      if let breedID, breedNames[breedID] == nil {
        diagnostics.error(
          "\(owner) has unknown breedId \"\(breedID)\" (not in breeds.json)", at: reader.location(of: "breedId"))
      }
      let birthDate = self.birthDate(reader, diagnostics: &diagnostics)
      let weight = reader.number("weightKg", required: true, &diagnostics)
      if let weight, !(weight > 0 && weight < 40) {
        diagnostics.error(
          "\"weightKg\" of \(owner) must be between 0 and 40, found \(weight)", at: reader.location(of: "weightKg"))
      }
      let rating = reader.integer("rating", required: true, &diagnostics)
      if let rating, !(1...5).contains(rating) {
        diagnostics.error(
          "\"rating\" of \(owner) must be from 1 to 5, found \(rating)", at: reader.location(of: "rating"))
      }
      let picture = self.picture(reader, resolver: &resolver, diagnostics: &diagnostics)
      guard diagnostics.list[errorsBefore...].allSatisfy({ $0.severity != .error }),
        let name, let ownerName, let breedID, let breedName = breedNames[breedID],
        let birthDate, let weight, let rating
      else { continue }
      cats.append(
        Cat(
          id: id, name: Text.tidy(name), owner: Text.tidy(ownerName), breedID: breedID,
          breedName: breedName, birthDate: birthDate, weightKg: weight, rating: rating,
          picture: picture, slug: Slug.unique("\(name) \(ownerName)", taken: &slugs)))
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

  /// A local photo name, an https URL, or a placeholder (with a warning for http).
  private func picture(_ reader: FieldReader, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector)
    -> CatPicture
  {
    guard let value = reader.string("photoUrl", limit: TextLimits.url, &diagnostics) else { return .none }
    let location = reader.location(of: "photoUrl")
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
    case .success(let file): return Photo(file).map(CatPicture.local) ?? .none
    case .failure(let failure):
      if let message = PhotoResolver.message(for: failure, name: value, owner: reader.owner) {
        diagnostics.error(message, at: location)
      }
      return .none
    }
  }
}
