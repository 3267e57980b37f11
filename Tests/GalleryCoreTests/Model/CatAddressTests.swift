import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// A cat's page is addressed by its `_id`, so renaming the cat (or changing its
/// owner) keeps its URL and every link to it; a cat without `_id` keeps the slug
/// of its name and owner.
@Suite("Cat addresses")
struct CatAddressTests {
  static let id = "5d9a1c2e8f0b2a0011a1b2c3"

  /// The minimal site's cat renamed to `name`, plus a cat without `_id`, built.
  static func site(name: String = "Felis catus") throws -> TestSite {
    let cats = MinimalSite.cats.replacingOccurrences(of: "\"Felis catus\"", with: "\"\(name)\"")
      .replacingOccurrences(
        of: "\n]",
        with: """
          ,
            {"catName": "Pip", "ownerName": "Ann Lee", "breedId": "beng", "birthDate": "2020-01-01",
             "weightKg": 3.5, "rating": 5}
          ]
          """)
    let site = try MinimalSite.make(replacing: ["content/cats.json": cats], inMemory: true)
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    return site
  }

  @Test("a cat with _id is at cats/<_id>/, and every link to it says so")
  func byID() throws {
    let site = try Self.site()
    let path = "cats/\(Self.id)/"
    #expect(site.read("public/\(path)index.html")?.contains("<h1>Felis catus</h1>") == true)
    #expect(site.read("public/cats/felis-catus-ruth-hill/index.html") == nil)
    #expect(site.read("public/cats/index.html")?.contains("href=\"../\(path)\"") == true, "the card on the list")
    #expect(site.read("public/breeds/abys/index.html")?.contains("href=\"../../\(path)\"") == true, "the breed's card")
    let fragments = site.files(under: "public/search").filter { $0.key.hasPrefix("f") }.values
    #expect(fragments.contains { String(decoding: $0, as: UTF8.self).contains("\"\(path)\"") }, "in search")
    #expect(site.read("public/sitemap.xml")?.contains(path) == true)
    #expect(site.read("public/\(path)index.html")?.contains("data-save-photo=\"\(path)\"") == true, "the saved photo")
  }

  @Test("renaming a cat keeps its page where it was")
  func renamed() throws {
    let before = try Self.site().files(under: "public/cats").keys.sorted()
    let after = try Self.site(name: "Felix the Great").files(under: "public/cats").keys.sorted()
    #expect(before == after)
    #expect(after.contains("\(Self.id)/index.html"))
  }

  @Test("a cat without _id keeps the slug of its name and owner")
  func withoutID() throws {
    let site = try Self.site()
    #expect(site.read("public/cats/pip-ann-lee/index.html")?.contains("<h1>Pip</h1>") == true)
  }
}
