import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryImages

/// The validation table: each rule's bounds, just inside and just outside.
@Suite("Cat validator")
struct CatValidatorTests {
  /// 2026-11-22T15:00:00Z.
  static let now = Date(timeIntervalSince1970: 1_795_359_600)
  static let breeds = BreedCatalog([
    .init(id: "mcoo", name: "Maine Coon"), .init(id: "manx", name: "Manx"), .init(id: "siam", name: "Siamese"),
    .init(id: "abys", name: "Abyssinian"), .init(id: "sfol", name: "Scottish Fold"),
  ])
  let validator = CatValidator(breeds: breeds, now: now)

  /// The value `text` gives `field`, or the problem's message.
  func check(_ field: CatField, _ text: String) -> Result<CatChanges, FieldProblem> {
    var changes = CatChanges()
    do {
      try validator.set(field, from: text, in: &changes)
      return .success(changes)
    } catch {
      return .failure(error)
    }
  }

  func accepts(_ field: CatField, _ text: String) -> Bool {
    if case .success = check(field, text) { return true }
    return false
  }

  @Test(
    "weight: 0.5 to 15.0 kg, at most one decimal place",
    arguments: [
      ("0.5", true), ("0.4", false), ("15.0", true), ("15.1", false), ("15", true), ("16", false),
      ("4", true), ("4.0", true), ("4.55", false), ("0", false), ("-1", false), ("04.5", false),
      (".5", false), ("4.", false), ("4,5", false), ("abc", false), ("", false), (" 4.5 ", true),
      ("1e1", false), ("99999999999999999999", false),
    ])
  func weight(text: String, accepted: Bool) {
    #expect(accepts(.weight, text) == accepted, "\(text)")
  }

  @Test("a weight keeps the spelling it was entered with")
  func weightSpelling() throws {
    #expect(try check(.weight, "4.0").get().weight?.text == "4.0")
    #expect(try check(.weight, " 12 ").get().weight?.text == "12")
    #expect(try check(.weight, "0.5").get().weight?.tenths == 5)
  }

  @Test(
    "rating: a whole number from 1 to 5",
    arguments: [
      ("1", true), ("0", false), ("5", true), ("6", false), ("3", true), ("4.0", false), ("-1", false),
      ("+3", false), ("three", false), ("", false), ("99999999999999999999", false),
    ])
  func rating(text: String, accepted: Bool) {
    #expect(accepts(.rating, text) == accepted, "\(text)")
  }

  @Test(
    "birth date: YYYY-MM-DD from 1995-01-01 to today (UTC)",
    arguments: [
      ("1995-01-01", true), ("1994-12-31", false), ("2026-11-22", true), ("2026-11-23", false),
      ("2024-02-29", true), ("2023-02-29", false), ("2020-13-01", false), ("2020-04-31", false),
      ("2020-4-1", false), ("20200401", false), ("2020-04-01T00:00:00Z", false), ("", false),
    ])
  func born(text: String, accepted: Bool) {
    #expect(accepts(.born, text) == accepted, "\(text)")
  }

  @Test(
    "name and owner: 1 to 80 characters after trimming, no control characters",
    arguments: [
      ("M", true), ("", false), ("   ", false), (String(repeating: "a", count: 80), true),
      (String(repeating: "a", count: 81), false), ("  " + String(repeating: "é", count: 80) + "  ", true),
      ("Tab\there", false), ("Line\nbreak", false), ("Zoë the 🐈", true), ("\u{7F}", false),
    ])
  func text(text: String, accepted: Bool) {
    #expect(accepts(.name, text) == accepted, "\(text.debugDescription)")
    #expect(accepts(.owner, text) == accepted, "\(text.debugDescription)")
  }

  @Test("names are stored trimmed")
  func trimmed() throws {
    #expect(try check(.name, "  Mochi \n").get().name == "Mochi")
  }

  @Test(
    "breed: an id or a name, any case, stored as the id",
    arguments: [
      ("mcoo", "mcoo"), ("MCOO", "mcoo"), ("Maine Coon", "mcoo"), ("maine  coon", "mcoo"), (" siamese ", "siam"),
    ])
  func breed(text: String, id: String) throws {
    #expect(try check(.breed, text).get().breedID == id)
  }

  @Test("photo: nothing or none, an https URL, or a local file; other URLs are refused")
  func photo() throws {
    #expect(try check(.photo, "").get().photo == CatPhoto.none)
    #expect(try check(.photo, " none ").get().photo == CatPhoto.none)
    #expect(
      try check(.photo, "https://cdn2.thecatapi.com/images/a.jpg").get().photo
        == .remote("https://cdn2.thecatapi.com/images/a.jpg"))
    #expect(try check(.photo, "~/Pictures/mochi.jpg").get().photo == .localFile("~/Pictures/mochi.jpg"))
    #expect(!accepts(.photo, "http://example.org/a.jpg"))
    #expect(!accepts(.photo, "ftp://example.org/a.jpg"))
    #expect(!accepts(.photo, "https://"))
    #expect(!accepts(.photo, "a\u{0}b.jpg"))
  }
}
