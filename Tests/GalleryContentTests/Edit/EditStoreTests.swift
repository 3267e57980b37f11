import Foundation
import TestSupport
import Testing

@testable import GalleryContent

/// The stores end to end on a whole site: what they write is what the build
/// accepts, at the very edges of the rules.
@Suite("Edit stores")
struct EditStoreTests {
  @Test("a cat added, edited and captioned at the bounds of every rule still builds, and shows")
  func editsBuild() throws {
    let site = try MinimalSite.make(inMemory: true)
    let cats = CatStore(fileSystem: site.fileSystem, path: site.root + "/content/cats.json")
    let breeds = BreedCatalog([.init(id: "abys", name: "Abyssinian"), .init(id: "beng", name: "Bengal")])
    let validator = CatValidator(breeds: breeds, now: TestSite.now)
    let input = CatInput([
      .name: String(repeating: "J", count: 80), .owner: "R", .breed: "bengal", .born: "1995-01-01", .weight: "15.0",
      .rating: "1",
    ])
    var generator = SeededGenerator(seed: 7)
    let id = try cats.add(try validator.newCat(input), now: TestSite.now, using: &generator)
    try cats.edit(id: id, try validator.changes(CatInput([.born: "2026-01-01", .weight: "0.5", .rating: "5"])))
    try cats.edit(id: "5d9a1c2e8f0b2a0011a1b2c3", try validator.changes(CatInput([.photo: ""])))
    let captions = CaptionStore(fileSystem: site.fileSystem, path: site.root + "/content/parks.plist")
    try captions.setCaption("Cucumber Falls & rocks", ofPhotoNamed: "falls1")

    let report = site.build()
    #expect(report.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    let pages = site.files(under: "public").values.map { String(decoding: $0, as: UTF8.self) }
    #expect(pages.contains { $0.contains(String(repeating: "J", count: 80)) })
    #expect(pages.contains { $0.contains("Cucumber Falls &amp; rocks") })
    let written = try #require(site.read("content/cats.json"))
    #expect(written.contains("\"birthDate\": \"2026-01-01T00:00:00.000Z\",\n    \"weightKg\": 0.5,\n    \"rating\": 5"))
  }

  @Test("removing a cat removes it; a missing cats.json is created with the first cat")
  func removeAndCreate() throws {
    let fileSystem = MemoryFileSystem()
    try fileSystem.createFolder("/site/content")
    let store = CatStore(fileSystem: fileSystem, path: "/site/content/cats.json")
    let cat = NewCat(
      name: "Mochi", owner: "Priya", breedID: "abys", born: CalendarDate(year: 2019, month: 4, day: 17),
      weight: try #require(CatWeight("4.0")), rating: 5, photo: .remote("https://example.org/m.jpg"))
    var generator = SeededGenerator(seed: 3)
    let id = try store.add(cat, now: TestSite.now, using: &generator)
    let text = String(decoding: try fileSystem.contents(of: "/site/content/cats.json"), as: UTF8.self)
    #expect(
      text == """
        [
          {
            "_id": "\(id)",
            "catName": "Mochi",
            "ownerName": "Priya",
            "breedId": "abys",
            "birthDate": "2019-04-17T00:00:00.000Z",
            "weightKg": 4.0,
            "rating": 5,
            "photoUrl": "https://example.org/m.jpg"
          }
        ]

        """)
    try store.remove(id: id)
    #expect(try fileSystem.contents(of: "/site/content/cats.json") == Data("[]\n".utf8))
    #expect(throws: EditError.recordNotFound(file: "content/cats.json", id: id)) { try store.remove(id: id) }
  }
}
