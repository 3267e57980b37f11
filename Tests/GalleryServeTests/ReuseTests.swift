import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput
@testable import GalleryServe

/// `serve` keeps what a rebuild read while its files are unchanged (the
/// photos of content/photos/, the photo index), and never serves a page made
/// from something stale: after every edit the folder is byte for byte what a
/// clean `build` of the same content writes.
@Suite("Rebuilds reuse what did not change")
struct ReuseTests {
  /// Rebuilds as a live site does (in place, with a snapshot of the inputs),
  /// without the reload script or edit links, so its pages are those a build writes.
  struct PlainServe {
    let builder: Pipeline
    var options: BuildOptions

    init(_ site: TestSite) {
      builder = site.builder()
      options = BuildOptions(siteRoot: site.root, output: site.root + "/served")
      options.target = .live(LiveState(bodySuffix: "", defersImages: false))
    }

    func build() -> BuildReport {
      var options = options
      options.inputs = Watcher.snapshot(
        of: [options.siteRoot + "/content", options.siteRoot + "/templates"], in: builder.fileSystem)
      return builder.build(options)
    }
  }

  /// The served folder equals what a clean `build` of the same content writes.
  func expectSameAsBuild(_ site: TestSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let folder = "built-\(UUID().uuidString)"
    #expect(site.builder().build(BuildOptions(siteRoot: site.root, output: site.root + "/" + folder)).succeeded)
    let visible = { (files: [String: Data]) in
      files.filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
    }
    let served = visible(site.files(under: "served"))
    let built = visible(site.files(under: folder))
    #expect(served.keys.sorted() == built.keys.sorted(), sourceLocation: sourceLocation)
    for (path, data) in built where served[path] != data {
      Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
    }
  }

  @Test("a caption edit reads no photo again, even with the photo index gone from the disk")
  func captionEditReadsNoPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let reader = CountingReader(inner: FakeMetadataReader(fileSystem: site.fileSystem))
    let serve = LiveSite(
      builder: site.builder(metadata: reader), options: BuildOptions(siteRoot: site.root, output: site.root + "/served")
    )
    #expect(serve.build().succeeded)
    #expect(reader.reads.current > 0)
    try site.fileSystem.remove(site.root + "/.cache/catgallery/photos")
    reader.reads.set(0)
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    #expect(serve.build().succeeded)
    #expect(reader.reads.current == 0)
    #expect(site.read("served/parks/index.html")?.contains("Cucumber Cascade") == true)
  }

  @Test("after a caption edit the served pages are those of a clean build")
  func captionEditSameAsBuild() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("Cucumber Cascade") == true)
    expectSameAsBuild(site)
  }

  @Test("a photo replaced under serve is read again: its page and images change")
  func replacedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("800") == true)
    // Same size of file, other bytes: only the time and the content tell.
    try site.photo("falls1.jpg", width: 900, height: 700)
    let edited = serve.build()
    #expect(edited.succeeded && edited.imagesProcessed == 1)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("900") == true)
    expectSameAsBuild(site)
  }

  @Test("a photo added and one removed under serve change the album pages and the sitemap")
  func addedAndRemovedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    try site.photo("falls3.jpg", width: 900, height: 700)
    let entry = "<dict><key>imageName</key><string>falls3</string><key>caption</key><string>Third</string></dict>"
    try site.write(
      "content/parks.plist",
      MinimalSite.parks.replacingOccurrences(
        of: "<key>photos</key>\n    <array>", with: "<key>photos</key>\n    <array>" + entry))
    #expect(serve.build().succeeded)
    #expect(site.read("served/sitemap.xml")?.contains("falls3") == true)
    expectSameAsBuild(site)
    try site.fileSystem.remove(site.root + "/content/photos/falls3.jpg")
    try site.write("content/parks.plist", MinimalSite.parks)
    #expect(serve.build().succeeded)
    #expect(site.read("served/sitemap.xml")?.contains("falls3") == false)
    expectSameAsBuild(site)
  }

  @Test("a breed edit changes the breed's page and the search index as a clean build does")
  func breedEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    let breeds = try #require(site.read("content/breeds.json"))
    try site.write("content/breeds.json", breeds.replacingOccurrences(of: "Abyssinian", with: "Abyssinienne"))
    #expect(serve.build().succeeded)
    #expect(
      site.files(under: "served/breeds").values.contains {
        String(decoding: $0, as: UTF8.self).contains("Abyssinienne")
      })
    expectSameAsBuild(site)
  }

  /// Two parks of three photos each: every photo's page names its
  /// neighbours, and its breadcrumb the page of the parks list that shows it.
  static let twoParks = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <array>
      <dict><key>name</key><string>Ohiopyle</string><key>photos</key><array>
        <dict><key>imageName</key><string>falls1</string><key>caption</key><string>Cucumber Falls</string></dict>
        <dict><key>imageName</key><string>a2</string><key>caption</key><string>Second of A</string></dict>
        <dict><key>imageName</key><string>a3</string><key>caption</key><string>Third of A</string></dict>
      </array></dict>
      <dict><key>name</key><string>Laurel</string><key>photos</key><array>
        <dict><key>imageName</key><string>b1</string><key>caption</key><string>First of B</string></dict>
        <dict><key>imageName</key><string>b2</string><key>caption</key><string>Second of B</string></dict>
        <dict><key>imageName</key><string>b3</string><key>caption</key><string>Third of B</string></dict>
      </array></dict>
    </array>
    </plist>
    """

  /// The minimal site with `twoParks`, served once.
  func servedTwoParks() throws -> (TestSite, PlainServe) {
    let site = try MinimalSite.make(replacing: ["content/parks.plist": Self.twoParks], inMemory: true)
    for name in ["a2", "a3", "b1", "b2", "b3"] { try site.photo(name + ".jpg") }
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    return (site, serve)
  }

  @Test("a caption edit changes the pages of the photo and of its neighbours, as a clean build does")
  func captionEditNeighbours() throws {
    let (site, serve) = try servedTwoParks()
    try site.write("content/parks.plist", Self.twoParks.replacingOccurrences(of: "Second of A", with: "Middle of A"))
    let edited = serve.build()
    #expect(edited.succeeded)
    // The photo's page, both neighbours' and the parks list; Laurel's pages are kept.
    for page in ["a2", "falls1", "a3"] {
      #expect(site.read("served/parks/ohiopyle/\(page)/index.html")?.contains("Middle of A") == true, "\(page)")
    }
    #expect(site.read("served/parks/laurel/b2/index.html")?.contains("Middle of A") == false)
    expectSameAsBuild(site)
  }

  @Test("photos reordered in a park change their positions and neighbours, as a clean build does")
  func reorderedPhotos() throws {
    let (site, serve) = try servedTwoParks()
    let swapped = Self.twoParks.replacingOccurrences(of: "<string>b1</string>", with: "<string>B1</string>")
      .replacingOccurrences(of: "<string>b3</string>", with: "<string>b1</string>")
      .replacingOccurrences(of: "<string>B1</string>", with: "<string>b3</string>")
    try site.write("content/parks.plist", swapped)
    #expect(serve.build().succeeded)
    expectSameAsBuild(site)
  }

  @Test("a site.yml edit changes every photo's page, as a clean build does")
  func siteSettingsEdit() throws {
    let (site, serve) = try servedTwoParks()
    try site.write("content/site.yml", "title: Renamed Gallery\n")
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/laurel/b2/index.html")?.contains("Renamed Gallery") == true)
    // One park a page of the parks list: the breadcrumbs of Laurel's photos lead to page 2.
    try site.write("content/site.yml", "title: Renamed Gallery\npage_size: 3\n")
    #expect(serve.build().succeeded)
    expectSameAsBuild(site)
  }

  @Test("photos moved to a new last park move the other park's section: its photos' breadcrumbs follow")
  func sectionMoved() throws {
    let (site, serve) = try servedTwoParks()
    // Sections of at most 4 photos a page: Laurel's three come after Ohiopyle's on page 2.
    try site.write("content/site.yml", "page_size: 4\n")
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/laurel/b2/index.html")?.contains("page/2/#list-laurel") == true)
    // Two of Ohiopyle's photos moved to a third park after Laurel: the same photos, so the
    // same placeholder colours (a change of which renders every page again).
    let canyon = [
      "  <dict><key>name</key><string>Canyon</string><key>photos</key><array>",
      "    <dict><key>imageName</key><string>a2</string><key>caption</key><string>Second of A</string></dict>",
      "    <dict><key>imageName</key><string>a3</string><key>caption</key><string>Third of A</string></dict>",
      "  </array></dict>",
    ]
    let moved = Self.twoParks.components(separatedBy: "\n").filter { !$0.contains("of A") }
      .joined(separator: "\n").replacingOccurrences(
        of: "</array>\n</plist>", with: canyon.joined(separator: "\n") + "\n</array>\n</plist>")
    #expect(moved.contains("Canyon"))
    try site.write("content/parks.plist", moved)
    #expect(serve.build().succeeded)
    // Laurel's photos did not change, but its section is on page 1 now.
    #expect(site.read("served/parks/laurel/b2/index.html")?.contains("page/2/#list-laurel") == false)
    expectSameAsBuild(site)
  }

  @Test("a template edit changes every photo's page, as a clean build does")
  func templateEdit() throws {
    let (site, serve) = try servedTwoParks()
    let photo = String(decoding: try #require(Theme.builtIn.files["photo.mustache"]), as: UTF8.self)
    try site.write(
      "templates/photo.mustache", photo.replacingOccurrences(of: "{{> lightbox}}", with: "<p>edited</p>{{> lightbox}}"))
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/laurel/b2/index.html")?.contains("<p>edited</p>") == true)
    expectSameAsBuild(site)
  }

  /// The site of `test`'s files, loaded and modelled.
  func modelled(_ test: TestSite) -> Site {
    let source = SiteLoader(
      fileSystem: test.fileSystem, codec: FakeCodec(fileSystem: test.fileSystem),
      metadata: FakeMetadataReader(fileSystem: test.fileSystem)
    ).load(root: test.root)
    let (site, diagnostics) = SiteBuilder(now: TestSite.now).build(source)
    #expect(!diagnostics.hasErrors)
    return site
  }

  /// `site` planned and rendered as a live site does, with what `jobs` and
  /// `known` kept from the last rebuild: its files, and the models made, by page.
  func liveRender(_ site: Site, jobs: KnownJobs, known: KnownPages) -> (files: [String: Data], made: [String: Int]) {
    let made = Locked([String: Int]())
    var plan = OutputPlanner.plan(site, known: jobs)
    plan.pages = plan.pages.map { page in
      var counted = PlannedPage(
        path: page.path, template: page.template, inSitemap: page.inSitemap, pageOrigin: page.pageOrigin
      ) {
        made.withLock { $0[page.path, default: 0] += 1 }
        return page.model
      }
      counted.recipe = page.recipe
      counted.inlinesAssets = page.inlinesAssets
      return counted
    }
    let files = PageRenderer.prepare(theme: .builtIn).0.render(plan, known: known).files
    return (Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { a, _ in a }), made.current)
  }

  @Test(
    "a caption edit in one park makes the models of its album page and of the parks list's page showing it, no other album page's",
    arguments: [("title: Cats\n", "parks/"), ("title: Cats\npage_size: 3\n", "parks/page/2/")])
  func albumPagesByRecipe(settings: String, list: String) throws {
    let test = try MinimalSite.make(
      replacing: ["content/parks.plist": Self.twoParks, "content/site.yml": settings], inMemory: true)
    for name in ["a2", "a3", "b1", "b2", "b3"] { try test.photo(name + ".jpg") }
    let (jobs, known) = (KnownJobs(), KnownPages())
    let first = liveRender(modelled(test), jobs: jobs, known: known)
    #expect(first.made["parks/laurel/"] == 1 && first.made["parks/ohiopyle/"] == 1)
    try test.write("content/parks.plist", Self.twoParks.replacingOccurrences(of: "Second of B", with: "Middle of B"))
    let edited = modelled(test)
    let rebuilt = liveRender(edited, jobs: jobs, known: known)
    #expect(rebuilt.made["parks/laurel/"] == 1)
    #expect(rebuilt.made[list] == 1)
    #expect(rebuilt.made["parks/ohiopyle/"] == nil, "Ohiopyle's page is kept by its recipe")
    if list != "parks/" { #expect(rebuilt.made["parks/"] == nil, "the list's first page shows Ohiopyle alone") }
    // Kept or made, every page is the one a render from nothing makes.
    let clean = liveRender(edited, jobs: KnownJobs(), known: KnownPages())
    #expect(rebuilt.files.keys.sorted() == clean.files.keys.sorted())
    for (path, data) in clean.files where rebuilt.files[path] != data { Issue.record("\(path) is stale") }
    #expect(String(decoding: rebuilt.files["parks/laurel/index.html"] ?? Data(), as: UTF8.self).contains("Middle of B"))
  }

  @Test("a caption edit makes the pages of the photo and of its neighbours; the park's other photos' pages are kept")
  func itemPagesByNeighbours() throws {
    let five = Self.twoParks.replacingOccurrences(
      of: "<string>Third of A</string></dict>",
      with: "<string>Third of A</string></dict>"
        + "<dict><key>imageName</key><string>a4</string><key>caption</key><string>Fourth of A</string></dict>"
        + "<dict><key>imageName</key><string>a5</string><key>caption</key><string>Fifth of A</string></dict>")
    let test = try MinimalSite.make(replacing: ["content/parks.plist": five], inMemory: true)
    for name in ["a2", "a3", "a4", "a5", "b1", "b2", "b3"] { try test.photo(name + ".jpg") }
    let (jobs, known) = (KnownJobs(), KnownPages())
    _ = liveRender(modelled(test), jobs: jobs, known: known)
    let edits = [
      // The last photo's caption: its page and its one neighbour's.
      five.replacingOccurrences(of: "Fifth of A", with: "Last of A"),
      // A photo fewer: every page of the park says "n of 4" now.
      five.replacingOccurrences(
        of: "<dict><key>imageName</key><string>a2</string><key>caption</key><string>Second of A</string></dict>",
        with: ""),
    ]
    for (number, text) in edits.enumerated() {
      try test.write("content/parks.plist", text)
      let edited = modelled(test)
      let rebuilt = liveRender(edited, jobs: jobs, known: known)
      let photos = ["falls1", "a2", "a3", "a4", "a5"].filter { number == 0 || $0 != "a2" }
      let made = photos.filter { rebuilt.made["parks/ohiopyle/\($0)/"] != nil }
      #expect(made == (number == 0 ? ["a4", "a5"] : photos), "edit \(number)")
      #expect(rebuilt.made["parks/laurel/b2/"] == nil)
      let clean = liveRender(edited, jobs: KnownJobs(), known: KnownPages())
      #expect(rebuilt.files.keys.sorted() == clean.files.keys.sorted())
      for (path, data) in clean.files where rebuilt.files[path] != data {
        Issue.record("\(path) is stale, edit \(number)")
      }
    }
  }
}
