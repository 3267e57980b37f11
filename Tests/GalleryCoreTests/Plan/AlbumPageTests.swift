import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Albums at every depth: each has a page at its folder with breadcrumbs, a
/// cover card per child album and its items; the parks keep their list page,
/// its `#list-<park>` anchors and their photo pages' URLs.
@Suite("Album pages")
struct AlbumPageTests {
  /// The minimal site: one park, one category.
  static func site() throws -> TestSite {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    return site
  }

  /// The text of every link of the breadcrumb, in order.
  static func crumbs(_ html: String) -> [String] {
    guard let nav = html.firstMatch(of: #/<nav class="crumbs"[^>]*>(.*?)</nav>/#) else { return [] }
    return String(nav.output.1).matches(of: #/<a href="([^"]*)">([^<]*)</a>/#).map {
      "\($0.output.1) \($0.output.2)"
    }
  }

  @Test("parks.plist: the list keeps its sections and anchors, and each park gets a page of its own")
  func parks() throws {
    let site = try Self.site()
    let list = try #require(site.read("public/parks/index.html"))
    #expect(list.contains("id=\"list-ohiopyle\""))
    #expect(list.contains("<a href=\"ohiopyle/\">Open Ohiopyle</a>"), "a section leads to its park's page")
    let park = try #require(site.read("public/parks/ohiopyle/index.html"))
    #expect(Self.crumbs(park) == ["../#list-ohiopyle Parks"], "the parks crumb opens the list at its section")
    #expect(park.contains("<h1>Ohiopyle</h1>"))
    #expect(park.contains("href=\"../../parks/ohiopyle/falls1/\""), "its photo keeps its URL")
    let photo = try #require(site.read("public/parks/ohiopyle/falls1/index.html"))
    #expect(Self.crumbs(photo) == ["../../#list-ohiopyle Parks", "../ Ohiopyle"])
  }

  @Test("grid: justified draws an album's photos uncropped, each with its share of a row; square by default")
  func justifiedGrid() throws {
    let square = try Self.site()
    let plain = try #require(square.read("public/categories/sleepy/index.html"))
    #expect(plain.contains("<ul class=\"items\">") && !plain.contains("--r:"))
    #expect(plain.contains("width=\"240\" height=\"240\""), "a square thumbnail by default")
    let site = try MinimalSite.make(replacing: ["content/site.yml": "title: Cats\ngrid: justified\n"], inMemory: true)
    #expect(site.build().succeeded)
    // sleepy1 is 600×900: a tile 240 px high is 160 wide; falls1 (800×600) 320 wide.
    for (page, ratio, size) in [
      ("public/categories/sleepy/index.html", "0.6667", "width=\"160\" height=\"240\""),
      ("public/parks/index.html", "1.3333", "width=\"320\" height=\"240\""),
      ("public/parks/ohiopyle/index.html", "1.3333", "width=\"320\" height=\"240\""),
    ] {
      let html = try #require(site.read(page))
      // The parks list's sections tell the lightbox where each park starts in its walk.
      #expect(
        html.contains("<ul class=\"items justified\"" + (page == "public/parks/index.html" ? " data-" : ">")), "\(page)"
      )
      #expect(html.contains("<li style=\"--r:\(ratio)\">"), "\(page)")
      #expect(html.contains(size), "\(page)")
    }
  }

  @Test("a home card without a photo shows its own section's icon, the one its menu entry has")
  func homeCardIcons() throws {
    let site = try MinimalSite.make(replacing: ["content/facts.json": "[]"], inMemory: true)
    #expect(site.build().succeeded)
    let home = try #require(site.read("public/index.html"))
    let icon = ##"<svg class="icon" aria-hidden="true"><use href="[^"#]*#([a-z-]+)""##
    let menu = Dictionary(
      home.matches(of: try Regex(#"<li><a href="([^"]*)"[^>]*>"# + icon, as: (Substring, Substring, Substring).self))
        .map { (String($0.output.1), String($0.output.2)) }, uniquingKeysWith: { a, _ in a })
    let blank = home.matches(
      of: try Regex(#"<a href="([^"]*)"><span class="cover-blank">"# + icon, as: (Substring, Substring, Substring).self)
    ).map { (String($0.output.1), String($0.output.2)) }
    #expect(blank.count >= 2, "the minimal site has cards without a photo: \(blank)")
    for (href, icon) in blank {
      #expect(menu[href] == icon, "the card for \(href) shows #\(icon)")
    }
    #expect(Set(blank.map(\.1)).count == blank.count, "each card its own icon")
  }

  @Test("categories.plist: the categories page shows a cover card per category, each category its photos")
  func categories() throws {
    let site = try Self.site()
    let list = try #require(site.read("public/categories/index.html"))
    #expect(list.contains("<a href=\"sleepy/\">"))
    #expect(list.contains("<strong>Sleepy</strong>"))
    #expect(list.contains("<span>1 photo</span>"))
    let category = try #require(site.read("public/categories/sleepy/index.html"))
    #expect(Self.crumbs(category) == ["../ Categories"])
    #expect(category.contains("data-id=\"categories/sleepy/sleepy1/\""))
  }

  @Test("a tree three levels deep: a page per album, breadcrumbs to the top, covers and counts")
  func deepTree() throws {
    let site = try MinimalSite.make(inMemory: true)
    let source = SiteLoader(
      fileSystem: site.fileSystem, codec: FakeCodec(fileSystem: site.fileSystem),
      metadata: FakeMetadataReader(fileSystem: site.fileSystem)
    )
    .load(root: site.root)
    var (model, _) = SiteBuilder(now: TestSite.now).build(source)
    let photo = try #require(model.photos.values.first)
    func item(_ slug: String) -> MediaItem { MediaItem(photo: photo, caption: "Photo \(slug)", slug: slug) }
    var leaf = Album(title: "Leaf", slug: "leaf")
    leaf.items = [item("c"), item("d")]
    var middle = Album(title: "Middle", slug: "middle")
    middle.items = [item("b")]
    middle.albums = [leaf]
    var top = Album(title: "Holiday", slug: "holiday")
    top.items = [item("a")]
    top.albums = [middle]
    top.assignPaths(below: "")
    model.albums.append(top)
    let plan = OutputPlanner.plan(model)
    let paths = Set(plan.pages.map(\.path))
    for path in ["holiday/", "holiday/middle/", "holiday/middle/leaf/", "holiday/middle/leaf/d/", "holiday/a/"] {
      #expect(paths.contains(path), "\(path) has a page")
    }
    let leafPage = try #require(plan.pages.first { $0.path == "holiday/middle/leaf/" })
    let model2 = try #require(leafPage.model as? AlbumModel)
    #expect(model2.page.trail.map(\.title) == ["Holiday", "Middle"])
    #expect(model2.page.trail.map(\.href) == ["../../", "../"])
    let topPage = try #require(plan.pages.first { $0.path == "holiday/" }?.model as? AlbumModel)
    #expect(topPage.count == "1 album · 4 photos")
    #expect(topPage.albums.map(\.count) == ["1 album · 3 photos"])
    #expect(topPage.albums.first?.cover != nil, "a child album's card shows its cover")
    let deepPhoto = try #require(plan.pages.first { $0.path == "holiday/middle/leaf/d/" }?.model as? PhotoPageModel)
    #expect(deepPhoto.page.trail.map(\.title) == ["Holiday", "Middle", "Leaf"])
    #expect(deepPhoto.previous?.title == "Photo c" && deepPhoto.next == nil)
    #expect(plan.search.contains { $0.kind == "Album" && $0.url == "holiday/middle/leaf/" })
  }
}
