import Testing

@testable import GalleryCore

@Suite("Kinds of page and the links between them")
struct PageKindTests {
  @Test(
    "relative climbs only to the folder both pages share, then down",
    arguments: [
      ("breeds/abys/", "breeds/abys/", ""),
      ("breeds/", "breeds/abys/", "abys/"),
      ("breeds/abys/", "breeds/", "../"),
      ("facts/one/", "facts/two/", "../two/"),
      ("breeds/abys/", "cats/tom-ann/", "../../cats/tom-ann/"),
      ("trails/falls/first/", "trails/", "../../"),
      ("breeds/abys/", "", "../../"),
      ("", "", ""),
      ("", "cats/", "cats/"),
      ("", "categories/box/photo/", "categories/box/photo/"),
      ("404.html", "", "./"),
      ("404.html", "cats/", "cats/"),
      ("cats/", "404.html", "../404.html"),
      ("cats/tom", "cats/", "./"),
      ("cats/tom", "cats/ann", "ann"),
      ("cats/tom", "facts/one/", "../facts/one/"),
      ("breeds/abys", "breeds/abys/", "abys/"),
      ("", "photos/a b/", "photos/a%20b/"),
      ("photos/", "photos/café/", "caf%C3%A9/"),
      ("photos/x/", "photos/#1?/", "../%231%3F/"),
      ("photos/100%/", "photos/", "../"),
      ("a//b/", "a/c/", "../c/"),
      ("photos/café/x/", "photos/cafe\u{301}/y/", "../y/"),
      ("猫/写真/", "猫/", "../"),
    ])
  func relative(from page: String, to target: String, expected: String) {
    #expect(PagePath.relative(from: page, to: target) == expected)
  }

  @Test(
    "root is the prefix to the site root, empty on a page at the top",
    arguments: [
      ("", ""), ("404.html", ""), ("cats/", "../"), ("cats/tom-ann/", "../../"), ("a/b/c/", "../../../"),
      ("cats/tom", "../"),
    ])
  func root(path: String, expected: String) {
    #expect(PagePath.root(of: path) == expected)
  }

  @Test("the folders sections_path cannot take come from the table, with assets and images")
  func reservedPaths() {
    #expect(
      SiteConfig.reservedPaths == [
        "assets", "breeds", "categories", "cats", "credits", "facts", "images", "saved", "search",
      ])
  }

  @Test("a theme must have the template of every kind the planner renders, in the table's order")
  func requiredTemplates() {
    #expect(
      TemplateSet.required == [
        "home", "parks", "album", "photo", "breeds", "breed", "cats", "cat",
        "facts", "fact", "saved", "search-page", "404", "credits",
      ])
  }

  @Test("paths follow the rows: sections_path, a record's slug, a photo's section")
  func paths() {
    var config = SiteConfig()
    config.sectionsPath = "trails"
    #expect(PageKind.parks.path(config: config) == "trails/")
    #expect(PageKind.park.path("falls", config: config) == "trails/falls/")
    #expect(PageKind.photo.path("first", section: "trails/falls/", config: config) == "trails/falls/first/")
    #expect(PageKind.breed.path("abys", config: config) == "breeds/abys/")
    #expect(PageKind.notFound.path(config: config) == "404.html")
    #expect(PageKind.home.path(config: config) == "")
    #expect(EditPaths.prefix == "/_catgallery/edit/")
    #expect(EditPaths.cat("a/b#c") == "/_catgallery/edit/cat/a%2Fb%23c")
  }

}
