import Foundation
import TestSupport
import Testing

/// Photos shown large on breed, cat and photo pages: each link names its photo for
/// the lightbox's URL and the saved list, and carries the square thumbnail the saved
/// page shows in a `<template>`.
@Suite("Page photos")
struct PagePhotoTests {
  /// The minimal site with five photos for the Abyssinian, written out of name order.
  static func site() throws -> TestSite {
    let site = try MinimalSite.make(inMemory: true)
    for name in ["e.jpg", "b.jpg", "d.png", "a.jpg", "c.jpg"] {
      try site.photo("breeds/abys/" + name, width: 900, height: 600)
    }
    #expect(site.build().succeeded)
    return site
  }

  /// The value of every `name="…"` attribute in `html`, in order.
  static func attribute(_ name: String, in html: String) throws -> [String] {
    html.matches(of: try Regex(" \(name)=\"([^\"]*)\"")).compactMap { $0.output[1].substring.map(String.init) }
  }

  /// The `<template>`s inside photo links, each the thumbnail's `<picture>`.
  static func thumbnails(in html: String) -> [String] {
    html.matches(of: #/<template><picture>(.*?)</picture>\s*</template></a>/#).map { String($0.output.1) }
  }

  /// Whether every image a thumbnail's `<picture>` names is a square derivative.
  static func isSquare(_ picture: String) -> Bool {
    let sizes = picture.matches(of: #/-(\d+)x(\d+)\.[0-9a-f]+\.\w+/#).map { ($0.output.1, $0.output.2) }
    return !sizes.isEmpty && sizes.allSatisfy { $0 == $1 }
  }

  @Test("a breed's photos are named by their files, in name order, each with its square thumbnail")
  func breedPhotos() throws {
    let site = try Self.site()
    let html = try #require(site.read("public/breeds/abys/index.html"))
    let ids = try Self.attribute("data-id", in: html)
    #expect(ids == ["a.jpg", "b.jpg", "c.jpg", "d.png", "e.jpg"].map { "breeds/abys/" + $0 })
    #expect(try Self.attribute("data-caption", in: html).first == "Abyssinian, photo 1 of 5")
    let thumbnails = Self.thumbnails(in: html)
    #expect(thumbnails.count == 5)
    #expect(thumbnails.allSatisfy(Self.isSquare))
    #expect(thumbnails.allSatisfy { $0.contains("<source type=\"image/webp\"") })
    #expect(html.contains("<template id=\"lb-template\">"), "the page has the lightbox")
  }

  @Test("the breed list and the home page show a breed's first photo")
  func breedCover() throws {
    let site = try Self.site()
    let list = try #require(site.read("public/breeds/index.html"))
    let home = try #require(site.read("public/index.html"))
    #expect(list.contains("src=\"../images/a-"))
    #expect(!list.contains("src=\"../images/b-") && !list.contains("src=\"../images/e-"))
    #expect(home.contains("src=\"images/a-"))
  }

  @Test("a cat's own photo is named by the cat's page and can be saved there")
  func catPhoto() throws {
    let site = try Self.site()
    let page = try #require(site.files(under: "public/cats").keys.first { $0.hasSuffix("/index.html") })
    let html = try #require(site.read("public/cats/" + page))
    let path = "cats/" + page.dropLast("index.html".count)
    #expect(try Self.attribute("data-id", in: html) == [path])
    #expect(try Self.attribute("data-save-photo", in: html) == [path])
    #expect(Self.thumbnails(in: html).count == 1 && Self.thumbnails(in: html).allSatisfy(Self.isSquare))
  }

  @Test("a photo page's picture carries its square thumbnail")
  func photoPage() throws {
    let site = try Self.site()
    let html = try #require(site.read("public/parks/ohiopyle/falls1/index.html"))
    #expect(try Self.attribute("data-id", in: html) == ["parks/ohiopyle/falls1/"])
    #expect(Self.thumbnails(in: html).count == 1 && Self.thumbnails(in: html).allSatisfy(Self.isSquare))
  }
}
