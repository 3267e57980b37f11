import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// `cats.json` edits: one cat changes, every other byte stays.
@Suite("Cats file")
struct CatsFileTests {
  static let now = CatValidatorTests.now
  let validator = CatValidator(
    breeds: BreedCatalog(RestdbExport.breeds.map { .init(id: $0, name: $0.uppercased()) }), now: now)

  func cats(_ text: String) throws -> CatsFile { try CatsFile(Data(text.utf8), file: "content/cats.json") }

  func text(_ cats: CatsFile) -> String { String(decoding: cats.data, as: UTF8.self) }

  /// Lines of record `index` in `RestdbExport.file`, 0-based.
  func lines(ofRecord index: Int) -> Range<Int> {
    (1 + index * RestdbExport.recordLines)..<(1 + (index + 1) * RestdbExport.recordLines)
  }

  @Test("editing one cat of 100 changes only lines of that cat, and only the fields edited")
  func editOneOfHundred() throws {
    let original = RestdbExport.file(count: 100)
    var file = try cats(original)
    #expect(text(file) == original)
    let changes = try validator.changes(CatInput([.weight: "4.0", .rating: "2", .name: "Mochi"]))
    try file.edit(id: RestdbExport.id(57), changes)
    let diff = RestdbExport.changedLines(original, text(file))
    #expect(lines(ofRecord: 57).contains(diff.old.lowerBound))
    #expect(lines(ofRecord: 57).contains(diff.old.upperBound - 1))
    let before = original.split(separator: "\n", omittingEmptySubsequences: false)
    let after = text(file).split(separator: "\n", omittingEmptySubsequences: false)
    let changed = zip(before, after).filter { $0 != $1 }.map { String($1) }
    #expect(changed == ["    \"catName\": \"Mochi\",", "    \"weightKg\": 4.0,", "    \"rating\": 2,"])
    #expect(before.count == after.count)
  }

  @Test("a photo set to none removes only the photoUrl line; a new photo replaces its value")
  func photo() throws {
    let original = RestdbExport.file(count: 3)
    var file = try cats(original)
    try file.edit(id: RestdbExport.id(1), CatChanges(photo: CatPhoto.none))
    #expect(
      text(file)
        == original.replacingOccurrences(
          of: "    \"photoUrl\": \"https://cdn2.thecatapi.com/images/1.jpg\",\n", with: ""))
    try file.edit(id: RestdbExport.id(1), CatChanges(photo: .named("cat-mochi")))
    #expect(text(file).contains("    \"_version\": 1,\n    \"photoUrl\": \"cat-mochi\"\n  },"))
    #expect(throws: EditError.self) {
      try file.edit(id: RestdbExport.id(1), CatChanges(photo: .localFile("/tmp/a.jpg")))
    }
  }

  @Test("a new cat is appended in the file's style with a fresh restdb-like _id and the file's date form")
  func add() throws {
    let original = RestdbExport.file(count: 2)
    var file = try cats(original)
    var generator = SeededGenerator(seed: 42)
    let cat = try validator.newCat(
      CatInput([.name: "Juniper", .owner: "Ruth", .breed: "MCOO", .born: "2016-07-01", .weight: "8.0", .rating: "5"]))
    let id = try file.add(cat, now: Self.now, using: &generator)
    #expect(Self.isIDShaped(id))
    #expect(id.hasPrefix(String(UInt32(Self.now.timeIntervalSince1970), radix: 16)))
    let expected =
      String(original.dropLast(3)) + """
        ,
          {
            "_id": "\(id)",
            "catName": "Juniper",
            "ownerName": "Ruth",
            "breedId": "mcoo",
            "birthDate": "2016-07-01T00:00:00.000Z",
            "weightKg": 8.0,
            "rating": 5
          }
        ]

        """
    #expect(text(file) == expected)
    #expect(throws: EditError.duplicateID(file: "content/cats.json", id: id)) { try file.add(cat, id: id) }
  }

  @Test("birth dates take the form most of the file's dates use")
  func birthDateStyle() throws {
    #expect(
      BirthDateStyle.common(in: ["2016-07-01T00:00:00Z", "2016-07-01T00:00:00.000Z", "2015-01-01T10:00:00Z"])
        == .seconds)
    #expect(BirthDateStyle.common(in: ["2016-07-01T00:00:00Z", "2016-07-01T00:00:00.000Z"]) == .milliseconds)
    #expect(BirthDateStyle.common(in: ["2016-07-01", "odd"]) == .dateOnly)
    #expect(BirthDateStyle.common(in: []) == .milliseconds)
    let date = CalendarDate(year: 2019, month: 3, day: 12)
    #expect(
      BirthDateStyle.allCases.map { $0.format(date) } == [
        "2019-03-12T00:00:00.000Z", "2019-03-12T00:00:00Z", "2019-03-12",
      ])
    for style in BirthDateStyle.allCases {
      #expect(BirthDateStyle(of: style.format(date)) == style)
      // 2019-03-12T00:00:00Z, the instant cats.json stores for that day.
      #expect(SiteBuilder.parseISO8601(style.format(date)) == Date(timeIntervalSince1970: 1_552_348_800))
    }
    let file = try cats(#"[{"birthDate": "2016-07-01T00:00:00Z"}]"#)
    #expect(file.birthDateStyle == .seconds)
  }

  @Test("removing a cat removes its lines and nothing else")
  func remove() throws {
    let original = RestdbExport.file(count: 5)
    var file = try cats(original)
    try file.remove(id: RestdbExport.id(2))
    let diff = RestdbExport.changedLines(original, text(file))
    #expect(diff.newCount == 0)
    #expect(diff.old.count == RestdbExport.recordLines)
    #expect(throws: EditError.recordNotFound(file: "content/cats.json", id: RestdbExport.id(2))) {
      try file.remove(id: RestdbExport.id(2))
    }
  }

  @Test("ids: 24 lowercase hex digits, the creation time first")
  func ids() {
    var generator = SeededGenerator(seed: 1)
    let id = CatID.make(now: Date(timeIntervalSince1970: 0x5db7_09f6), using: &generator)
    #expect(id.hasPrefix("5db709f6") && Self.isIDShaped(id))
  }

  /// 24 lowercase hex digits, as restdb's ids are.
  static func isIDShaped(_ id: String) -> Bool {
    id.count == 24 && id.allSatisfy { "0123456789abcdef".contains($0) }
  }
}

/// A deterministic generator (SplitMix64) so ids in tests are repeatable.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
