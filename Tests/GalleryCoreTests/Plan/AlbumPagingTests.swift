import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Paged albums (site.yml `page_size`): an album of more items than that is
/// split into pages, the first at the album's folder and then `page/2/`…, with
/// numbered navigation, `rel` links, every page in the sitemap, an
/// `items.json` per page for the lightbox, and the Model left whole.
@Suite("Paged albums")
struct AlbumPagingTests {
  /// A site whose one category holds `count` photos (`p1` … `pN`), and the
  /// parks list with one park of as many, built with `page_size: size`.
  static func site(count: Int, size: Int = 2) throws -> TestSite {
    let names = (1...max(1, count)).map { "p\($0)" }.prefix(count)
    let categories = Self.categories(names)
    let parks = Self.parks(names)
    var files = [
      "content/site.yml": "page_size: \(size)\nbase_url: https://example.org\n",
      "content/categories.plist": categories,
    ]
    if count > 0 { files["content/parks.plist"] = parks }
    let site = try TestSite(files: files, inMemory: true)
    for name in names { try site.photo(name + ".jpg") }
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    return site
  }

  /// parks.plist with one park, "Wide", of the photos `names`, each captioned.
  static func parks(_ names: some Collection<String>) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array><dict>
    <key>name</key><string>Wide</string>
    <key>photos</key><array>\(names.map { "<dict><key>imageName</key><string>\($0)</string><key>caption</key><string>Caption \($0)</string></dict>" }.joined())</array>
    </dict></array></plist>
    """
  }

  /// categories.plist with one category, "Big", of the photos `names`.
  static func categories(_ names: some Collection<String>) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array><dict>
    <key>CategoryTitle</key><string>Big</string>
    <key>ImageNames</key><array>\(names.map { "<string>\($0)</string>" }.joined())</array>
    </dict></array></plist>
    """
  }

  /// The `<link rel>` of a page's head: [rel: href].
  static func headLinks(_ html: String) -> [String: String] {
    let head = html.components(separatedBy: "</head>").first ?? ""
    var links: [String: String] = [:]
    for match in head.matches(of: #/<link rel="(prev|next)" href="([^"]*)">/#) {
      links[String(match.output.1)] = String(match.output.2)
    }
    return links
  }

  /// The numbered navigation: each entry as "2", "[2]" for the current one, "…" for a gap.
  static func pager(_ html: String) -> [String] {
    guard let nav = html.firstMatch(of: #/<nav class="page-numbers"[^>]*>(.*?)</nav>/#.dotMatchesNewlines()) else {
      return []
    }
    return String(nav.output.1).matches(of: #/<li>(.*?)</li>/#).map { match in
      let entry = String(match.output.1)
      if entry.contains("page-gap") { return "…" }
      let number = entry.firstMatch(of: #/>(\d+)</a>/#).map { String($0.output.1) } ?? "?"
      return entry.contains("aria-current=\"page\"") ? "[\(number)]" : number
    }
  }

  /// The ids of the items a page shows, in order.
  static func items(_ html: String) -> [String] {
    html.matches(of: #/<a class="thumb" href="[^"]*" data-id="([^"]*)"/#).map { String($0.output.1) }
  }

  @Test(
    "the numbers a page's navigation names: both ends, two each side of the current page, a lone gap filled",
    arguments: [
      (1, 1, "1"),
      (1, 5, "1 2 3 4 5"),
      (1, 20, "1 2 3 … 19 20"),
      (4, 20, "1 2 3 4 5 6 … 19 20"),
      (6, 20, "1 2 3 4 5 6 7 8 … 19 20"),
      (10, 20, "1 2 … 8 9 10 11 12 … 19 20"),
      (20, 20, "1 2 … 18 19 20"),
    ])
  func shown(current: Int, pages: Int, expected: String) {
    let shown = PageSplit.shown(current, of: pages).map { $0.map(String.init) ?? "…" }
    #expect(shown.joined(separator: " ") == expected)
  }

  @Test(
    "items split at page_size: exactly page_size is one page, one over is two, none is one page with no list",
    arguments: [(2, [2]), (3, [2, 1]), (0, [0]), (5, [2, 2, 1])])
  func boundaries(count: Int, perPage: [Int]) throws {
    let site = try Self.site(count: count)
    for (offset, expected) in perPage.enumerated() {
      let path =
        offset == 0 ? "public/categories/big/index.html" : "public/categories/big/page/\(offset + 1)/index.html"
      let html = try #require(site.read(path), "\(path) is written")
      #expect(Self.items(html).count == expected, "\(path)")
      #expect(Self.pager(html).isEmpty == (perPage.count == 1), "only a paged album has numbered navigation")
      #expect(
        (site.read(path.replacingOccurrences(of: "index.html", with: "items.json")) != nil) == (perPage.count > 1),
        "only a paged album's pages have items.json")
    }
    #expect(site.read("public/categories/big/page/\(perPage.count + 1)/index.html") == nil, "no page past the last")
    #expect(site.read("public/categories/big/page/1/index.html") == nil, "page 1 is the album's own folder")
  }

  @Test("search finds a paged album's photo at its own page and the album at its first page")
  func searchEntries() throws {
    let site = try Self.site(count: 5)
    // Each fragment is a list of [kind, title, place, url, thumbnail].
    let fragments = site.files(under: "public/search").filter { $0.key.hasPrefix("f") }.values
    let urls = fragments.flatMap { data in
      let entries = (try? JSONSerialization.jsonObject(with: data)) as? [[Any]] ?? []
      return entries.compactMap { $0.count > 3 ? $0[3] as? String : nil }
    }
    #expect(urls.contains("categories/big/"), "the album at its first page")
    #expect(urls.contains("categories/big/p5/"), "a photo of page 3 at its own page")
    #expect(!urls.contains { $0.contains("/page/") }, "\(urls)")
  }

  @Test("every page of a paged album has its navigation, rel links in the head and the sitemap entry")
  func linksOnEveryPage() throws {
    let site = try Self.site(count: 9)  // 5 pages of 2, 2, 2, 2, 1
    let expected: [[String]] = [
      ["[1]", "2", "3", "4", "5"], ["1", "[2]", "3", "4", "5"], ["1", "2", "[3]", "4", "5"],
      ["1", "2", "3", "[4]", "5"], ["1", "2", "3", "4", "[5]"],
    ]
    var seen: [String] = []
    for number in 1...5 {
      let folder = number == 1 ? "categories/big/" : "categories/big/page/\(number)/"
      let html = try #require(site.read("public/" + folder + "index.html"))
      #expect(Self.pager(html) == expected[number - 1], "page \(number)")
      let rel = Self.headLinks(html)
      let up = number == 1 ? "" : number == 2 ? "../../" : "../\(number - 1)/"
      #expect(rel["prev"] == (number == 1 ? nil : up), "page \(number)'s rel=prev")
      #expect(rel["next"] == (number == 5 ? nil : number == 1 ? "page/2/" : "../\(number + 1)/"), "page \(number)")
      #expect(html.contains("<title>Big, Page \(number) of 5 · Cat Gallery</title>"))
      #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/\(folder)\">"))
      seen += Self.items(html)
    }
    #expect(seen == (1...9).map { "categories/big/p\($0)/" }, "each item once, in order, across the pages")
    let sitemap = try #require(site.read("public/sitemap.xml"))
    for folder in ["categories/big/"] + (2...5).map({ "categories/big/page/\($0)/" }) {
      #expect(sitemap.contains("<loc>https://example.org/\(folder)</loc>"), "\(folder) is in the sitemap")
    }
  }

  @Test("an item's page leads back to the album page that shows it, and keeps its own URL")
  func photoPageLinksBack() throws {
    let site = try Self.site(count: 9)
    let photo = try #require(site.read("public/categories/big/p6/index.html"))
    #expect(photo.contains("href=\"../page/3/\""), "p6 is on page 3")
    #expect(AlbumPageTests.crumbs(photo).last == "../page/3/ Big")
    let first = try #require(site.read("public/categories/big/p2/index.html"))
    #expect(AlbumPageTests.crumbs(first).last == "../ Big")
  }

  @Test("each page's items.json carries its items, its place in the album and the pages either side")
  func itemsJSON() throws {
    let site = try Self.site(count: 5)
    let json = try Self.secondOfThree(site, "public/categories/big/page/2/items.json", first: 2, total: 5)
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(items.map { $0["id"] as? String } == ["categories/big/p3/", "categories/big/p4/"])
    #expect(items.first?["href"] as? String == "../../../../categories/big/p3/")
    #expect(items.first?["kind"] as? String == "photo")
    let thumb = try #require(items.first?["thumb"] as? [String: Any])
    #expect((thumb["src"] as? String)?.hasPrefix("../../../../images/") == true)
    #expect((thumb["placeholder"] as? String)?.hasPrefix("#") == true)
  }

  @Test("the parks list shows each park's first page and links to the rest; the park itself is paged")
  func sections() throws {
    let site = try Self.site(count: 5)
    let list = try #require(site.read("public/parks/index.html"))
    #expect(Self.items(list) == ["parks/wide/p1/", "parks/wide/p2/"])
    #expect(list.contains("<a href=\"wide/page/2/\">More of Wide: page 2 of 3</a>"))
    #expect(list.contains("data-first=\"0\" data-total=\"5\" data-start=\"0\" data-next=\"wide/page/2/\""))
    let third = try #require(site.read("public/parks/wide/page/3/index.html"))
    #expect(Self.items(third) == ["parks/wide/p5/"])
    #expect(AlbumPageTests.crumbs(third).map { $0.split(separator: " ").last.map(String.init) } == ["Parks", "Wide"])
  }

  @Test("a parks list of many parks is split into pages of whole sections, and a park's breadcrumb finds its page")
  func manySections() throws {
    // Five parks of three photos; with page_size 7 each park shows all three.
    let site = try Self.parks(5, pageSize: 7)
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    // page_size 7: two parks (6 pictures) a page, the fifth alone on the third.
    let first = try #require(site.read("public/parks/index.html"))
    #expect(Self.items(first).count == 6)
    #expect(
      first.contains("id=\"list-park-1\"") && first.contains("id=\"list-park-2\"") && !first.contains("list-park-3"))
    #expect(Self.pager(first) == ["[1]", "2", "3"])
    let third = try #require(site.read("public/parks/page/3/index.html"))
    #expect(Self.items(third) == ["parks/park-5/p5-1/", "parks/park-5/p5-2/", "parks/park-5/p5-3/"])
    #expect(Self.headLinks(third) == ["prev": "../2/"])
    #expect(site.read("public/parks/page/4/index.html") == nil)
    // A park's page leads back to the list page that shows its section.
    let park = try #require(site.read("public/parks/park-5/index.html"))
    #expect(park.contains("href=\"../page/3/#list-park-5\""))
    let sitemap = try #require(site.read("public/sitemap.xml"))
    #expect(sitemap.contains("parks/page/3/"))
    // The lightbox's walk through the whole list: the view counts all fifteen
    // photos, each park's list says where the park starts in it.
    let second = try #require(site.read("public/parks/page/2/index.html"))
    #expect(second.contains("data-first=\"6\" data-total=\"15\" data-previous=\"../../\" data-next=\"../3/\">"))
    #expect(second.contains("<ul class=\"items\" data-first=\"0\" data-total=\"3\" data-start=\"9\">"))
  }

  @Test("each page of a paged parks list has an items.json of its parks, for the lightbox to walk on into")
  func sectionsJSON() throws {
    // Three parks of three photos, page_size 2: each park shows two and links on
    // to its own page 2, and the list is a page a park.
    let site = try Self.parks(3, pageSize: 2)
    #expect(site.build().succeeded)
    let json = try Self.secondOfThree(site, "public/parks/page/2/items.json", first: 3, total: 9)
    let sections = try #require(json["sections"] as? [[String: Any]])
    #expect(sections.count == 1)
    let park = try #require(sections.first)
    #expect(park["first"] as? Int == 0 && park["total"] as? Int == 3 && park["start"] as? Int == 3)
    #expect(park["pages"] as? Int == 2 && park["previous"] == nil)
    #expect(park["next"] as? String == "../../park-2/page/2/", "the park's own page 2, from the list's page")
    let items = try #require(park["items"] as? [[String: Any]])
    #expect(items.map { $0["id"] as? String } == ["parks/park-2/p2-1/", "parks/park-2/p2-2/"])
    #expect(items.first?["href"] as? String == "../../../parks/park-2/p2-1/")
    #expect(site.read("public/parks/items.json") != nil, "the first page too, for a walk back into it")
    #expect(site.read("public/parks/page/3/items.json") != nil)
    // A list of one page has none.
    let single = try MinimalSite.make(inMemory: true)
    #expect(single.build().succeeded)
    #expect(single.read("public/parks/items.json") == nil)
  }

  /// The `items.json` at `path` of `site`, checked to be page 2 of 3, between
  /// the pages "../../" and "../3/", with its place `first` in `total`.
  static func secondOfThree(_ site: TestSite, _ path: String, first: Int, total: Int) throws -> [String: Any] {
    let text = try #require(site.read(path))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["page"] as? Int == 2 && json["pages"] as? Int == 3)
    #expect(json["first"] as? Int == first && json["total"] as? Int == total)
    #expect(json["previous"] as? String == "../../" && json["next"] as? String == "../3/")
    return json
  }

  /// A site of `count` parks of three photos each (`pN-1.jpg`…), and `page_size`.
  static func parks(_ count: Int, pageSize: Int) throws -> TestSite {
    let parks = (1...count).map { park in
      "<dict><key>name</key><string>Park \(park)</string><key>photos</key><array>"
        + (1...3).map {
          "<dict><key>imageName</key><string>p\(park)-\($0)</string><key>caption</key><string>c</string></dict>"
        }
        .joined() + "</array></dict>"
    }
    let site = try TestSite(
      files: [
        "content/site.yml": "page_size: \(pageSize)\n",
        "content/parks.plist":
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><array>\(parks.joined())</array></plist>",
      ], inMemory: true)
    for park in 1...count { for photo in 1...3 { try site.photo("p\(park)-\(photo).jpg") } }
    return site
  }

  @Test("each page of a paged album is its own link preview: og:url and og:title name it, the picture is the album's")
  func previews() throws {
    let site = try Self.site(count: 5)
    let first = try #require(site.read("public/categories/big/index.html"))
    let second = try #require(site.read("public/categories/big/page/2/index.html"))
    #expect(first.contains("<meta property=\"og:url\" content=\"https://example.org/categories/big/\">"))
    #expect(second.contains("<meta property=\"og:url\" content=\"https://example.org/categories/big/page/2/\">"))
    #expect(second.contains("<meta property=\"og:title\" content=\"Big, Page 2 of 3\">"))
    let image = { (html: String) in html.split(separator: "\n").first { $0.contains("og:image\" content") } }
    #expect(image(second) != nil && image(second) == image(first))
  }

  @Test("one copy of each item per page: the list and the grid are the same markup")
  func oneCopy() throws {
    let site = try Self.site(count: 3, size: 100)
    let html = try #require(site.read("public/categories/big/index.html"))
    let page = html.components(separatedBy: "<template id=\"lb-template\">").first ?? ""
    #expect(page.matches(of: #/<img /#).count == 3, "one thumbnail per item; the lightbox's two are in its template")
    #expect(page.matches(of: #/<ul class="items"/#).count == 1)
    #expect(
      html.contains("<span id=\"grid\" class=\"view-anchor\"></span><span id=\"list\" class=\"view-anchor\"></span>"))
  }

  @Test("the lists of breeds, cats and facts are paged too")
  func lists() throws {
    let site = try MinimalSite.make(
      replacing: [
        "content/site.yml": "page_size: 1\n",
        "content/facts.json": #"{"data": [{"fact": "One."}, {"fact": "Two."}, {"fact": "Three."}]}"#,
      ], inMemory: true)
    #expect(site.build().succeeded)
    let breeds = try #require(site.read("public/breeds/page/2/index.html"))
    #expect(breeds.contains("href=\"../../beng/\""), "Bengal, the second breed, on page 2")
    #expect(Self.pager(breeds) == ["1", "[2]"])
    let facts = try #require(site.read("public/facts/page/3/index.html"))
    #expect(facts.contains("start=\"3\""))
    #expect(facts.contains("Three."))
    #expect(site.read("public/cats/page/2/index.html") == nil, "one cat is one page")
  }
}
