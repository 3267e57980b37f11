import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// What a refused value says (the field and what it allows), and the bounds a
/// form renders, which must be exactly what the validator accepts.
@Suite("Cat validator messages and bounds")
struct CatValidatorMessageTests {
  let validator = CatValidator(breeds: CatValidatorTests.breeds, now: CatValidatorTests.now)

  func messages(_ values: [CatField: String], new: Bool = false) -> [String] {
    do {
      if new { _ = try validator.newCat(CatInput(values)) } else { _ = try validator.changes(CatInput(values)) }
      return []
    } catch {
      guard case .invalid(let problems) = error else { return ["\(error)"] }
      return problems.map(\.message)
    }
  }

  @Test("each refused value names its field and the allowed range")
  func refusedMessages() {
    #expect(
      messages([.weight: "15.1"]) == [
        "weight must be a number of kilograms from 0.5 to 15.0 with at most one decimal place, found \"15.1\""
      ])
    #expect(messages([.rating: "6"]) == ["rating must be a whole number from 1 to 5, found \"6\""])
    #expect(
      messages([.born: "2026-11-23"]) == [
        "birth date must be a date YYYY-MM-DD from 1995-01-01 to 2026-11-22 (not in the future), found \"2026-11-23\""
      ])
    #expect(
      messages([.name: String(repeating: "x", count: 81)]) == [
        "name must be 1 to 80 characters with no control characters, found 81 characters"
      ])
    #expect(
      messages([.owner: "a\tb"]) == [
        "owner must be 1 to 80 characters with no control characters, found a control character in \"a\\tb\""
      ])
    #expect(
      messages([.photo: "http://example.org/a.jpg"]) == [
        "photo must be a local image file, an https URL, or nothing, found \"http://example.org/a.jpg\""
          + " (browsers block http images on an https site)"
      ])
  }

  @Test("an unknown breed suggests the closest names")
  func unknownBreed() {
    #expect(
      messages([.breed: "Main Coon"]) == [
        "breed must be a breed id or name from breeds.json, found \"Main Coon\"; closest: Maine Coon (mcoo), Manx (manx),"
          + " Abyssinian (abys)"
      ])
    #expect(messages([.breed: "fold"]).first?.contains("closest: Scottish Fold (sfol)") == true)
  }

  @Test("a new cat needs every field but the photo, and every problem is reported at once")
  func newCatRequired() {
    let found = messages([.name: "Mochi", .rating: "9"], new: true)
    #expect(
      found == [
        "owner is required: 1 to 80 characters with no control characters",
        "breed is required: a breed id or name from breeds.json",
        "birth date is required: a date YYYY-MM-DD from 1995-01-01 to 2026-11-22 (not in the future)",
        "weight is required: a number of kilograms from 0.5 to 15.0 with at most one decimal place",
        "rating must be a whole number from 1 to 5, found \"9\"",
      ])
  }

  @Test("a complete new cat comes out typed, the photo none by default")
  func newCat() throws {
    let cat = try validator.newCat(
      CatInput(form: [
        "name": " Mochi ", "owner": "Priya", "breed": "Maine Coon", "born": "2019-04-17", "weight": "4.0",
        "rating": "5", "unknown": "ignored",
      ]))
    #expect(
      cat
        == NewCat(
          name: "Mochi", owner: "Priya", breedID: "mcoo", born: CalendarDate(year: 2019, month: 4, day: 17),
          weight: try #require(CatWeight("4.0")), rating: 5, photo: .none))
  }

  @Test("an edit checks only the fields given; an empty photo removes the photo")
  func edit() throws {
    let changes = try validator.changes(CatInput([.rating: "3", .photo: " "]))
    #expect(changes == CatChanges(rating: 3, photo: CatPhoto.none))
    #expect(try validator.changes(CatInput()).isEmpty)
  }

  @Test("the bounds a form renders are the validator's own")
  func bounds() {
    #expect(CatRules.weightBounds == FieldBounds(min: "0.5", max: "15.0", step: "0.1"))
    #expect(CatRules.birthBounds(now: CatValidatorTests.now) == FieldBounds(min: "1995-01-01", max: "2026-11-22"))
    let inputs: [(CatField, FieldBounds)] = [
      (.weight, CatRules.weightBounds), (.rating, FieldBounds(min: "1", max: "5", step: "1")),
      (.born, CatRules.birthBounds(now: CatValidatorTests.now)),
    ]
    for (field, bounds) in inputs {
      var changes = CatChanges()
      #expect(throws: Never.self) { try validator.set(field, from: bounds.min, in: &changes) }
      #expect(throws: Never.self) { try validator.set(field, from: bounds.max, in: &changes) }
    }
  }
}
