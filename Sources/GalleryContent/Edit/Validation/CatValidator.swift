import Foundation

/// Checks what a person typed for a cat against `CatRules`: the one place the
/// command line, the browser's forms and the server turn text into values a
/// cat may hold. Pure: the breeds and the clock come in.
package struct CatValidator: Sendable {
  package let breeds: BreedCatalog
  package let now: Date

  /// A new cat: every field but the photo is required. Throws `.invalid` with
  /// a problem for every missing or refused field, not just the first.
  package func newCat(_ input: CatInput) throws(EditError) -> NewCat {
    let required = CatField.allCases.filter { $0 != .photo }
    let checked = try changes(input, required: required)
    guard let name = checked.name, let owner = checked.owner, let breedID = checked.breedID,
      let born = checked.born, let weight = checked.weight, let rating = checked.rating
    else { throw .invalid(required.map(missing)) }
    return NewCat(
      name: name, owner: owner, breedID: breedID, born: born, weight: weight, rating: rating,
      photo: checked.photo ?? .none)
  }

  /// An edit: only the fields given are checked and changed. Throws `.invalid`
  /// with a problem for every refused field.
  package func changes(_ input: CatInput) throws(EditError) -> CatChanges {
    try changes(input, required: [])
  }

  private func changes(_ input: CatInput, required: [CatField]) throws(EditError) -> CatChanges {
    var changes = CatChanges()
    var problems: [FieldProblem] = []
    for field in CatField.allCases {
      guard let text = input[field] else {
        if required.contains(field) { problems.append(missing(field)) }
        continue
      }
      do {
        try set(field, from: text, in: &changes)
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty { throw .invalid(problems) }
    return changes
  }

  /// Checks one field's text and stores its value in `changes`.
  func set(_ field: CatField, from text: String, in changes: inout CatChanges) throws(FieldProblem) {
    switch field {
    case .name: changes.name = try self.text(text, field)
    case .owner: changes.owner = try self.text(text, field)
    case .breed: changes.breedID = try breed(text)
    case .born: changes.born = try born(text)
    case .weight: changes.weight = try weight(text)
    case .rating: changes.rating = try rating(text)
    case .photo: changes.photo = try photo(text)
    }
  }

  /// What `field` allows, in the words every message about it uses.
  package func allowed(_ field: CatField) -> String {
    switch field {
    case .name, .owner:
      "\(CatRules.textLength.lowerBound) to \(CatRules.textLength.upperBound) characters with no control characters"
    case .breed: "a breed id or name from breeds.json"
    case .born:
      "a date YYYY-MM-DD from \(CatRules.earliestBirth) to \(CalendarDate(now)) (not in the future)"
    case .weight:
      "a number of kilograms from \(CatRules.weightBounds.min) to \(CatRules.weightBounds.max) "
        + "with at most one decimal place"
    case .rating: "a whole number from \(CatRules.rating.lowerBound) to \(CatRules.rating.upperBound)"
    case .photo: "a local image file, an https URL, or nothing"
    }
  }

  /// `weight is required: a number of kilograms from 0.5 to 15.0 …`.
  func missing(_ field: CatField) -> FieldProblem {
    FieldProblem(field: field, message: "\(field.label) is required: \(allowed(field))")
  }

  /// `rating must be a whole number from 1 to 5, found "6"`.
  package func refused(_ field: CatField, found: String, _ detail: String = "") -> FieldProblem {
    FieldProblem(field: field, message: "\(field.label) must be \(allowed(field)), found \(found)\(detail)")
  }
}
