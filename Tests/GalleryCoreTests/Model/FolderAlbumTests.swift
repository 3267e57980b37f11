import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// A previewed folder, any depth, as an album tree: what sigal's users keep
/// in their folders (index.md, photo texts, .nomedia) lands as they expect.
@Suite("Folder albums")
struct FolderAlbumTests {
  static let photo = "FAKE 800x600"

  /// Loads `files` (paths below /p/Holiday) as `preview` does, gives the
  /// photos named in `taken` that date, and builds the site.
  static func build(_ files: [String: String], taken: [String: String] = [:]) -> (Site, [String], SiteSource) {
    let fileSystem = MemoryFileSystem(files: Dictionary(uniqueKeysWithValues: files.map { ("/p/Holiday/" + $0, $1) }))
    var source = PreviewSource(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), index: PhotoIndex()
    )
    .load(folder: "/p/Holiday")
    for index in source.photos.indices {
      guard let date = taken[source.photos[index].relativePath] else { continue }
      var metadata = MediaMetadata()
      metadata.taken = date
      source.photos[index].metadata = metadata
    }
    let (site, diagnostics) = SiteBuilder(now: TestSite.now).build(source)
    return (site, diagnostics.sortedForPrinting().map(\.description), source)
  }

  static func root(_ site: Site) throws -> Album { try #require(site.albums.first) }

  @Test("a nested tree with index.md at three depths, in both header styles, and photo texts of both names")
  func nestedTree() throws {
    let (site, diagnostics, _) = Self.build([
      "index.md": "---\ntitle: Summer 2024\n---\nTwo weeks by the *sea*.\n\nMore below.\n",
      "IMG_1.jpg": Self.photo,
      "IMG_1.md": "Title: First light\nLocation: Brittany\n\nThe harbour at dawn.\n",
      "IMG_2.jpg": Self.photo,
      "IMG_2.jpg.md": "---\ncaption: Low tide\n---\n",
      "dir1/index.md": "Title: Day one\nSort: -name\n\nWe walked.\n",
      "dir1/a.jpg": Self.photo,
      "dir1/b.jpg": Self.photo,
      "dir1/test1/index.md": "---\nTitle: Deep down\n---\n",
      "dir1/test1/c.jpg": Self.photo,
      "dir2/d.jpg": Self.photo,
    ])
    #expect(diagnostics == [])
    let root = try Self.root(site)
    #expect(root.title == "Summer 2024")
    #expect(root.slug == "holiday")
    #expect(root.path == "holiday/")
    #expect(root.layout == .covers)
    #expect(root.text?.markdown == "Two weeks by the *sea*.\n\nMore below.\n")
    #expect(root.text?.firstLine == 4)
    #expect(root.items.map(\.slug) == ["img-1-jpg", "img-2-jpg"])
    #expect(root.items.map(\.caption) == ["The harbour at dawn.", "Low tide"])
    #expect(root.items.map(\.title) == ["First light", nil])
    #expect(root.items.map(\.location) == ["Brittany", nil])
    #expect(root.albums.map(\.title) == ["Day one", "dir2"])
    #expect(root.albums.map(\.path) == ["holiday/dir1/", "holiday/dir2/"])
    let day = root.albums[0]
    #expect(day.items.map(\.caption) == ["b", "a"], "sort: -name")
    #expect(day.text?.markdown == "We walked.\n")
    #expect(day.albums.map(\.title) == ["Deep down"])
    #expect(day.albums.first?.path == "holiday/dir1/test1/")
    #expect(day.albums.first?.items.map(\.photo.id) == ["dir1/test1/c.jpg"])
    #expect(day.albums.first?.text == nil)
    // The site says what the folder says, never the cat theme's words.
    #expect(site.config.title == "Summer 2024")
    #expect(site.config.description == "Two weeks by the sea.")
    #expect(site.config.searchPlaceholder == "Search photos and albums")
    #expect(site.photos.count == 6)
  }

  @Test("without index.md the root album is the folder, and the site speaks of it, not of cats")
  func plainFolder() throws {
    let (site, diagnostics, _) = Self.build([
      "IMG_10.jpg": Self.photo, "IMG_2.jpg": Self.photo, "sub/x.jpg": Self.photo,
    ])
    #expect(diagnostics == [])
    let root = try Self.root(site)
    #expect(root.title == "Holiday")
    #expect(root.items.map(\.caption) == ["IMG 2", "IMG 10"])
    #expect(root.items.map(\.slug) == ["img-2-jpg", "img-10-jpg"])
    #expect(root.albums.map(\.slug) == ["sub"])
    #expect(site.config.title == "Holiday")
    #expect(site.config.description == "Photos in Holiday")
    #expect(!site.config.description.contains("cat") && !site.config.searchPlaceholder.contains("cat"))
  }

  @Test(".nomedia hides its folder and all below; one that lists names hides those")
  func nomedia() throws {
    let (site, diagnostics, source) = Self.build([
      "a.jpg": Self.photo,
      "private/.nomedia": "",
      "private/p.jpg": Self.photo,
      "private/deeper/q.jpg": Self.photo,
      "mixed/.nomedia": "skip.jpg\nsecret\n",
      "mixed/keep.jpg": Self.photo,
      "mixed/skip.jpg": Self.photo,
      "mixed/secret/s.jpg": Self.photo,
      "empty/notes.txt": "nothing to show",
      "broken/bad.jpg": "not an image",
    ])
    let root = try Self.root(site)
    #expect(root.albums.map(\.title) == ["mixed"], "an empty folder or one whose every file was left out is no album")
    #expect(root.albums.first?.items.map(\.photo.id) == ["mixed/keep.jpg"])
    #expect(source.photos.map(\.relativePath).sorted() == ["a.jpg", "mixed/keep.jpg"], "hidden photos are never read")
    #expect(source.folder?.folders.first { $0.name == "private" }?.nomedia == true)
    #expect(diagnostics == ["Holiday/broken/bad.jpg: warning: left out: not a readable image: unknown format"])
  }

  struct OrderCase: CustomTestStringConvertible, Sendable {
    var name: String
    var index: String?
    var taken: [String: String]
    var expected: [String]
    var testDescription: String { name }
  }

  static let orderCases: [OrderCase] = [
    OrderCase(
      name: "every item dated: by date taken", index: nil,
      taken: ["a.jpg": "2024:05:03 10:00:00", "b.jpg": "2024:05:01 09:00:00", "c.jpg": "2024:05:02 08:00:00"],
      expected: ["b.jpg", "c.jpg", "a.jpg"]),
    OrderCase(
      name: "one item without a date: natural name order", index: nil,
      taken: ["a.jpg": "2024:05:03 10:00:00", "b.jpg": "2024:05:01 09:00:00"],
      expected: ["a.jpg", "b.jpg", "c.jpg"]),
    OrderCase(
      name: "a camera's all-zero date is no date", index: nil,
      taken: ["a.jpg": "2024:05:03 10:00:00", "b.jpg": "2024:05:01 09:00:00", "c.jpg": "0000:00:00 00:00:00"],
      expected: ["a.jpg", "b.jpg", "c.jpg"]),
    OrderCase(
      name: "sort: -date, undated last before reversing", index: "sort: -date\n",
      taken: ["a.jpg": "2024:05:01 10:00:00", "c.jpg": "2024:05:02 08:00:00"],
      expected: ["b.jpg", "c.jpg", "a.jpg"]),
    OrderCase(
      name: "sort: name overrides dates", index: "---\nsort: name\n---\n",
      taken: ["a.jpg": "2024:05:03 10:00:00", "b.jpg": "2024:05:01 09:00:00", "c.jpg": "2024:05:02 08:00:00"],
      expected: ["a.jpg", "b.jpg", "c.jpg"]),
    OrderCase(
      name: "Order: date desc, sigal's key spelt another way", index: "Order: Date desc\n",
      taken: ["a.jpg": "2024:05:03 10:00:00", "b.jpg": "2024:05:01 09:00:00", "c.jpg": "2024:05:02 08:00:00"],
      expected: ["a.jpg", "c.jpg", "b.jpg"]),
  ]

  @Test("item order", arguments: orderCases)
  func order(_ test: OrderCase) throws {
    var files = ["a.jpg": Self.photo, "b.jpg": Self.photo, "c.jpg": Self.photo]
    files["index.md"] = test.index
    let (site, diagnostics, _) = Self.build(files, taken: test.taken)
    #expect(diagnostics == [])
    #expect(try Self.root(site).items.map(\.photo.id) == test.expected)
  }

  @Test("natural order: IMG_2 before IMG_10, for items and child albums alike")
  func naturalOrder() throws {
    let (site, _, _) = Self.build([
      "IMG_10.jpg": Self.photo, "IMG_2.jpg": Self.photo, "IMG_1.jpg": Self.photo,
      "Day 10/a.jpg": Self.photo, "Day 2/a.jpg": Self.photo, "Day 1/a.jpg": Self.photo,
    ])
    let root = try Self.root(site)
    #expect(root.items.map(\.photo.id) == ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"])
    #expect(root.albums.map(\.title) == ["Day 1", "Day 2", "Day 10"])
  }

  @Test("child albums: sort: -name reverses them, sort: date goes by their earliest photo")
  func childOrder() throws {
    let files = ["x/a.jpg": Self.photo, "y/a.jpg": Self.photo, "z/a.jpg": Self.photo]
    let taken = ["x/a.jpg": "2024:01:03 00:00:00", "y/a.jpg": "2024:01:01 00:00:00", "z/a.jpg": "2024:01:02 00:00:00"]
    var (site, _, _) = Self.build(files.merging(["index.md": "sort: -name\n"]) { $1 }, taken: taken)
    #expect(try Self.root(site).albums.map(\.title) == ["z", "y", "x"])
    (site, _, _) = Self.build(files.merging(["index.md": "sort: date\n"]) { $1 }, taken: taken)
    #expect(try Self.root(site).albums.map(\.title) == ["y", "z", "x"])
    (site, _, _) = Self.build(files, taken: taken)
    #expect(try Self.root(site).albums.map(\.title) == ["x", "y", "z"], "by name unless index.md says")
  }

  @Test("site.yml's sort: orders every album whose own index.md names none; a parent's index.md is not inherited")
  func siteOrder() throws {
    // Dated so that date order (c, a, b) is neither name order nor its reverse.
    var files: [String: String] = ["y/index.md": "sort: date\n"]
    var taken: [String: String] = [:]
    for folder in ["", "x/", "y/", "y/deep/", "z/"] {
      for (name, day) in [("a.jpg", "02"), ("b.jpg", "03"), ("c.jpg", "01")] {
        files[folder + name] = Self.photo
        taken[folder + name] = "2024:05:\(day) 10:00:00"
      }
    }
    func ids(_ album: Album?) -> [String] { (album?.items ?? []).map { Self.fileName($0.photo.id) } }
    var (site, diagnostics, _) = Self.build(files, taken: taken)
    var root = try Self.root(site)
    #expect(diagnostics == [])
    #expect(ids(root) == ["c.jpg", "a.jpg", "b.jpg"], "without site.yml: by date taken")
    #expect(root.albums.map(\.title) == ["x", "y", "z"])

    files["site.yml"] = "sort: -name\n"
    (site, diagnostics, _) = Self.build(files, taken: taken)
    root = try Self.root(site)
    #expect(diagnostics == [])
    #expect(site.config.sort == MediaOrder(.name, reversed: true))
    #expect(ids(root) == ["c.jpg", "b.jpg", "a.jpg"])
    #expect(root.albums.map(\.title) == ["z", "y", "x"], "child albums follow it too")
    let x = root.albums.first { $0.title == "x" }
    let y = root.albums.first { $0.title == "y" }
    #expect(ids(x) == ["c.jpg", "b.jpg", "a.jpg"])
    #expect(ids(y) == ["c.jpg", "a.jpg", "b.jpg"], "an album's own index.md wins")
    #expect(ids(y?.albums.first) == ["c.jpg", "b.jpg", "a.jpg"], "below it, site.yml's order again")
  }

  static func fileName(_ id: String) -> String { String(id.split(separator: "/").last ?? "") }

  @Test("a site.yml at the top of the folder sets what a site's would, over the preview's defaults")
  func settings() throws {
    let (site, diagnostics, _) = Self.build([
      "site.yml": "title: Our trip\nzip: originals\nmetadata:\n  publish: [gps]\nimages:\n  quality: 60\n",
      "a.jpg": Self.photo,
    ])
    #expect(diagnostics == [])
    #expect(site.config.title == "Our trip")
    #expect(site.config.zip == .originals)
    #expect(site.config.metadata.publish == [.gps])
    #expect(site.config.metadata.info == true, "metadata: without info keeps the preview's info panel")
    #expect(site.config.quality == 60)
    #expect(site.config.widths == SiteConfig.preview.widths, "what it leaves out keeps the preview's defaults")
    #expect(site.config.searchPlaceholder == "Search photos and albums")
    #expect(site.photos.count == 1, "site.yml is no photo and no warning")
  }

  @Test("Thumbnail names the cover, in the folder or below it; a name that finds none is a warning at its line")
  func thumbnail() throws {
    var (site, diagnostics, _) = Self.build([
      "index.md": "Title: Trip\nThumbnail: b.jpg\n", "a.jpg": Self.photo, "b.jpg": Self.photo,
      "sub/index.md": "---\nthumbnail: deeper/c.jpg\n---\n", "sub/deeper/c.jpg": Self.photo,
    ])
    #expect(diagnostics == [])
    var root = try Self.root(site)
    #expect(root.cover?.photo.id == "b.jpg")
    #expect(root.coverItem?.photo.id == "b.jpg")
    #expect(root.albums.first?.cover?.photo.id == "sub/deeper/c.jpg")
    (site, diagnostics, _) = Self.build([
      "dir1/index.md": "Title: Day one\nThumbnail: missing.jpg\n", "dir1/a.jpg": Self.photo,
    ])
    root = try Self.root(site)
    #expect(root.albums.first?.cover == nil)
    #expect(root.albums.first?.coverItem?.photo.id == "dir1/a.jpg")
    #expect(
      diagnostics == [
        "Holiday/dir1/index.md:2: warning: Thumbnail \"missing.jpg\" names no photo shown in Holiday/dir1/; "
          + "the album keeps its default cover"
      ])
  }

  @Test("slugs are unique within an album across items and child albums")
  func slugClash() throws {
    let (site, diagnostics, _) = Self.build([
      "a.jpg": Self.photo, "A.JPG": Self.photo, "a-jpg/b.jpg": Self.photo, "A JPG/c.jpg": Self.photo,
    ])
    // Each address that is not the one its name suggests is noted, naming the name that has it.
    #expect(
      diagnostics == [
        "Holiday/A.JPG: note: its address is \"a-jpg-4\": \"A JPG\" beside it has \"a-jpg\", as both names slug alike",
        "Holiday/a-jpg: note: its address is \"a-jpg-2\": \"A JPG\" beside it has \"a-jpg\", as both names slug alike",
        "Holiday/a.jpg: note: its address is \"a-jpg-3\": \"A JPG\" beside it has \"a-jpg\", as both names slug alike",
      ])
    let root = try Self.root(site)
    #expect(root.albums.map(\.title) == ["A JPG", "a-jpg"])
    #expect(root.albums.map(\.slug) == ["a-jpg", "a-jpg-2"], "child albums claim theirs first, in name order")
    #expect(root.albums.map(\.path) == ["holiday/a-jpg/", "holiday/a-jpg-2/"])
    #expect(root.items.map(\.slug) == ["a-jpg-3", "a-jpg-4"])
    #expect(root.items.map(\.photo.id) == ["a.jpg", "A.JPG"])
  }

  @Test("hidden: true keeps the album but its parent does not list it")
  func hidden() throws {
    let (site, _, _) = Self.build(["a.jpg": Self.photo, "later/index.md": "hidden: true\n", "later/b.jpg": Self.photo])
    let root = try Self.root(site)
    #expect(root.albums.map(\.listed) == [false])
    #expect(root.listed)
    let plan = OutputPlanner.plan(site)
    let page = try #require(plan.pages.first { $0.path == "holiday/" }?.model as? AlbumModel)
    #expect(page.albums.isEmpty, "its parent shows no card for it")
    #expect(plan.pages.contains { $0.path == "holiday/later/" }, "its page exists")
  }

  @Test("an unlisted album has its pages, but no card, count, cover, search entry, sitemap line or zip member above it")
  func unlistedLeaksNothing() throws {
    let (site, diagnostics, _) = Self.build([
      "site.yml": "zip: true\n", "top.jpg": Self.photo,
      "trip/later/index.md": "hidden: true\n", "trip/later/b.jpg": Self.photo, "trip/later/deeper/c.jpg": Self.photo,
      "trip/shown/a.jpg": Self.photo, "trip/shown/d.jpg": Self.photo,
    ])
    #expect(diagnostics == [])
    let plan = OutputPlanner.plan(site)
    func album(_ path: String) throws -> AlbumModel {
      try #require(plan.pages.first { $0.path == path }?.model as? AlbumModel)
    }
    let hidden = [
      "holiday/trip/later/", "holiday/trip/later/b-jpg/", "holiday/trip/later/deeper/",
      "holiday/trip/later/deeper/c-jpg/",
    ]
    for path in hidden { #expect(plan.pages.contains { $0.path == path }, "\(path) has its page") }
    #expect(try album("holiday/").count == "1 album · 3 photos")
    #expect(try album("holiday/").albums.map(\.count) == ["1 album"])
    let trip = try album("holiday/trip/")
    #expect(trip.count == "1 album")
    #expect(trip.albums.map(\.title) == ["shown"])
    #expect(
      try Self.root(site).albums.first?.coverItem?.photo.id == "trip/shown/a.jpg", "not the unlisted album's b.jpg")
    #expect(try album("holiday/trip/later/").count == "1 album · 2 photos", "its own page counts what it holds")
    #expect(!plan.search.contains { $0.url.contains("later/") })
    #expect(plan.search.contains { $0.url == "holiday/trip/shown/a-jpg/" })
    // The search page is in no sitemap either: it lists nothing of its own.
    #expect(
      plan.pages.filter { !$0.inSitemap && !["404.html", "search/"].contains($0.path) }.map(\.path).sorted()
        == hidden.sorted())
    #expect(
      plan.archives.map(\.path).sorted() == [
        "holiday/holiday.zip", "holiday/trip/later/deeper/deeper.zip", "holiday/trip/later/later.zip",
        "holiday/trip/shown/shown.zip",
      ])
    #expect(plan.archives.first { $0.path == "holiday/holiday.zip" }?.members.map(\.file) == ["Holiday/top.jpg"])
  }

  @Test(
    "an album's index.md zip: turns its zip off, on, or to a mode, over site.yml's",
    arguments: [
      (nil, ["largest": .largest, "on": .largest, "originals": .originals]),
      ("zip: originals\n", ["largest": .largest, "on": .originals, "originals": .originals, "plain": .originals]),
      ("zip: true\n", ["largest": .largest, "on": .largest, "originals": .originals, "plain": .largest]),
    ] as [(String?, [String: ArchiveMode])])
  func albumZip(siteYML: String?, expected: [String: ArchiveMode]) throws {
    var files = [
      "off/index.md": "zip: false\n", "on/index.md": "Zip: yes\n", "largest/index.md": "---\nzip: largest\n---\n",
      "originals/index.md": "zip: Originals\n",
    ]
    for name in ["off", "on", "largest", "originals", "plain"] { files[name + "/a.jpg"] = Self.photo }
    files["site.yml"] = siteYML
    let (site, diagnostics, _) = Self.build(files)
    #expect(diagnostics == [])
    let plan = OutputPlanner.plan(site)
    var made: [String: ArchiveMode] = [:]
    for archive in plan.archives {
      let name = String(archive.path.split(separator: "/")[1])
      made[name] =
        archive.members.allSatisfy { if case .original = $0.source { true } else { false } } ? .originals : .largest
    }
    #expect(made == expected)
    for name in ["off", "on", "largest", "originals", "plain"] {
      let page = try #require(plan.pages.first { $0.path == "holiday/\(name)/" }?.model as? AlbumModel)
      #expect((page.archive?.href == "\(name).zip") == (expected[name] != nil), "\(name)'s page links its zip")
    }
  }

  /// What a reader of `html` sees or hears: its text without scripts and
  /// tags, and the values of the attributes that are shown or read out.
  static func wording(_ html: String) -> String {
    let text = html.replacing(#/<script[^>]*>.*?</script>/#.dotMatchesNewlines(), with: " ")
      .replacing(#/<[^>]*>/#, with: " ")
    let attributes = html.matches(of: #/(?:alt|title|placeholder|aria-label|content)="([^"]*)"/#).map {
      String($0.output.1)
    }
    return ([text] + attributes).joined(separator: " ")
  }

  @Test("a preview's pages show a camera for logo and favicon and never speak of cats; a site keeps the cat's")
  func brand() throws {
    let (renderer, _) = PageRenderer.prepare(theme: .builtIn)
    let (preview, _, _) = Self.build(["a.jpg": Self.photo, "sub/b.jpg": Self.photo])
    let pages = renderer.render(OutputPlanner.plan(preview)).files.filter { $0.path.hasSuffix(".html") }
    #expect(
      pages.map(\.path).sorted() == [
        "404.html", "holiday/a-jpg/index.html", "holiday/index.html", "holiday/sub/b-jpg/index.html",
        "holiday/sub/index.html", "index.html", "saved/index.html", "search/index.html",
      ])
    // The 404 page carries the theme's stylesheet, icons and favicon: all of
    // them, as the theme has them; the page itself says nothing of cats.
    let inlines = ThemeInlines(theme: .builtIn)
    for page in pages {
      var html = String(decoding: page.data, as: UTF8.self)
      if page.path == "404.html" {
        #expect(html.contains(inlines.css) && html.contains(inlines.sprite))
        let favicon = try #require(inlines.favicons["favicon-photos.svg"])
        html = html.replacingOccurrences(of: inlines.css, with: "").replacingOccurrences(of: inlines.sprite, with: "")
          .replacingOccurrences(of: favicon, with: "assets/favicon-photos.svg")
          .replacingOccurrences(of: "\"#camera\"", with: "\"assets/icons.svg#camera\"")
      }
      #expect(html.contains("assets/icons.svg#camera\"></use></svg><span>Holiday</span></a>"), "\(page.path): the logo")
      #expect(html.contains("assets/favicon-photos.svg\""), "\(page.path): the favicon")
      #expect(!html.contains("icons.svg#cat\"") && !html.contains("favicon.svg\""), "\(page.path)")
      let words = Self.wording(html).matches(of: #/(?i)\b(cats?|breeds?|facts?|kittens?|paws?)\b/#)
      #expect(words.isEmpty, "\(page.path) says \(words.map { String($0.output.0) })")
    }

    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let home = try #require(site.read("public/index.html"))
    #expect(home.contains("assets/icons.svg#cat\"></use></svg>"))
    #expect(home.contains("assets/favicon.svg\""))
    #expect(try #require(site.read("public/saved/index.html")).contains("id=\"saved-facts\""), "a site with facts")
  }

  struct ProblemCase: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String]
    var expected: [String]
    var testDescription: String { name }
  }

  static let problemCases: [ProblemCase] = [
    ProblemCase(
      name: "unknown key in Key: value lines",
      files: ["dir1/index.md": "Title: Day one\nAuthor: Me\n\nText.\n", "dir1/a.jpg": photo],
      expected: [
        "Holiday/dir1/index.md:2: warning: unknown key \"author\" (index.md reads title, thumbnail, sort, order, "
          + "hidden, zip); it was ignored"
      ]),
    ProblemCase(
      name: "unknown key in front matter",
      files: ["index.md": "---\ntitle: T\ncolour: blue\n---\n", "a.jpg": photo],
      expected: [
        "Holiday/index.md:3:9: warning: unknown key \"colour\" (index.md reads title, thumbnail, sort, order, "
          + "hidden, zip); it was ignored"
      ]),
    ProblemCase(
      name: "unknown key in a photo's text",
      files: ["a.jpg": photo, "a.md": "Title: A\nlat: 47.1\n"],
      expected: [
        "Holiday/a.md:2: warning: unknown key \"lat\" (a photo's text reads title, caption, location); it was ignored"
      ]),
    ProblemCase(
      name: "sort that names no order",
      files: ["index.md": "sort: size\n", "a.jpg": photo],
      expected: [
        "Holiday/index.md:1: warning: sort must be name, date, -name or -date, found \"size\"; name order is used"
      ]),
    ProblemCase(
      name: "site.yml's sort that names no order is an error at its value",
      files: ["site.yml": "zip: true\nsort: size\n", "a.jpg": photo],
      expected: ["Holiday/site.yml:2:7: error: sort must be name, date, -name or -date; found \"size\""]),
    ProblemCase(
      name: "an unknown key in site.yml",
      files: ["site.yml": "sorting: name\n", "a.jpg": photo],
      expected: ["Holiday/site.yml:1:10: warning: unknown setting \"sorting\" in site.yml"]),
    ProblemCase(
      name: "a site.yml that is no mapping",
      files: ["site.yml": "- sort: name\n", "a.jpg": photo],
      expected: ["Holiday/site.yml:1:1: error: site.yml must be a mapping of settings"]),
    ProblemCase(
      name: "zip that is neither a flag nor a mode",
      files: ["index.md": "zip: all\n", "a.jpg": photo],
      expected: [
        "Holiday/index.md:1: warning: zip must be true, false, largest or originals, found \"all\"; site.yml's zip: holds"
      ]),
    ProblemCase(
      name: "a Markdown file that is no photo's text",
      files: ["a.jpg": photo, "notes.md": "Hello", "README.md": "about this folder"],
      expected: [
        "Holiday/notes.md: warning: ignored: names no photo here (a photo's text is IMG_1.md or IMG_1.jpg.md; "
          + "the album's is index.md)"
      ]),
    ProblemCase(
      name: "both names of a photo's text",
      files: ["a.jpg": photo, "a.md": "One", "a.jpg.md": "Two"],
      expected: ["Holiday/a.md: warning: ignored: a.jpg.md is the text of a.jpg"]),
    ProblemCase(
      name: "a caption over the limit names the text file",
      files: ["a.jpg": photo, "a.md": "caption: " + String(repeating: "x", count: 2_001) + "\n"],
      expected: ["Holiday/a.md:1: error: caption is 2001 characters long; the limit is 2000"]),
    ProblemCase(
      name: "front matter that is neither YAML nor Key: value lines",
      files: ["index.md": "---\ntitle: T\n{ unclosed\n---\nText\n", "a.jpg": photo],
      expected: [
        "Holiday/index.md:4:1: warning: invalid YAML: could not find expected ':'; the header was ignored"
      ]),
  ]

  @Test("every problem names the file by path", arguments: problemCases)
  func problems(_ test: ProblemCase) {
    let (_, diagnostics, _) = Self.build(test.files)
    #expect(diagnostics == test.expected)
  }

  @Test("preview reads the folder and never writes in it")
  func readOnly() throws {
    let fileSystem = MemoryFileSystem(files: [
      "/p/Holiday/a.jpg": Self.photo, "/p/Holiday/index.md": "Title: T\n", "/p/Holiday/.nomedia": "a.jpg\n",
    ])
    func snapshot() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for path in try fileSystem.subpaths(of: "/p") {
        files[path] = fileSystem.isDirectory("/p/" + path) ? Data() : try fileSystem.contents(of: "/p/" + path)
      }
      return files
    }
    let before = try snapshot()
    _ = PreviewSource(
      fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      metadata: FakeMetadataReader(fileSystem: fileSystem), index: PhotoIndex()
    )
    .load(folder: "/p/Holiday")
    #expect(try snapshot() == before)
  }
}
