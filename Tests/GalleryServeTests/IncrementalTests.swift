import Foundation
import Mustache
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryServe

/// `serve` rebuilds: only what an edit changes is rendered and written, and the
/// result is always the site a fresh build would make.
@Suite("Incremental rebuilds")
struct IncrementalTests {
  func live(_ site: TestSite, into folder: String) -> LiveSite {
    LiveSite(builder: site.builder(), options: BuildOptions(siteRoot: site.root, output: site.root + "/" + folder))
  }

  /// The served folder equals what a new `serve` of the same input writes.
  func expectSameAsFresh(_ site: TestSite, _ folder: String) {
    let fresh = live(site, into: "fresh-\(UUID().uuidString)")
    #expect(fresh.build().succeeded)
    let served = site.files(under: folder)
    let expected = site.files(under: String(fresh.options.output.dropFirst(site.root.count + 1)))
    #expect(served.keys.sorted() == expected.keys.sorted())
    for (path, data) in expected where served[path] != data {
      Issue.record("\(path) differs from a fresh build")
    }
  }

  @Test("a caption edit renders and writes only the pages that show it")
  func captionEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    let first = serve.build()
    #expect(first.succeeded && first.pagesRendered == first.pages)
    let idle = serve.build()
    #expect(idle.pagesRendered == 0 && idle.changedFiles == 0)

    let index = site.files(under: "served/search")
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    let edited = serve.build()
    #expect(edited.succeeded)
    #expect(edited.pagesRendered > 0 && edited.pagesRendered < edited.pages / 2)
    let newIndex = site.files(under: "served/search")
    // The manifest, the chunk that held "falls" and now "cascade" and the photo's
    // fragment, each of the two under its old name (removed) and its new one.
    let touched = Set(index.keys).union(newIndex.keys).filter { index[$0] != newIndex[$0] }
    #expect((3...5).contains(touched.count), "\(touched.sorted())")
    #expect(edited.changedFiles == edited.pagesRendered + touched.count, "the pages plus the index files it touched")
    #expect(edited.imagesProcessed == 0)
    #expect(site.read("served/parks/index.html")?.contains("Cucumber Cascade") == true)
    expectSameAsFresh(site, "served")
  }

  @Test("the tabs are told once the pages are written, before the cache's upkeep")
  func writtenBeforeUpkeep() throws {
    let site = try MinimalSite.make(inMemory: true)
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/served")
    options.target = .live(LiveState(bodySuffix: "", defersImages: false))
    let told = Locked<[(page: Bool, index: Bool)]>([])
    options.written = {
      told.withLock {
        $0.append(
          (
            site.read("served/parks/index.html") != nil,
            site.read(".cache/catgallery/photos/" + PhotoIndex.shardName(of: "")) != nil
          ))
      }
    }
    #expect(site.builder().build(options).succeeded)
    #expect(told.current.map(\.page) == [true], "told once, with the pages in place")
    #expect(told.current.map(\.index) == [false], "before the photo index is saved")
    #expect(site.read(".cache/catgallery/photos/" + PhotoIndex.shardName(of: "")) != nil)
  }

  @Test("a text edit leaves the cache unlisted; a change of photos prunes what no page shows")
  func pruneOnlyWhenPhotosChange() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    // A derivative no job makes, as a photo removed while serve was stopped leaves.
    let stray = ".cache/catgallery/derivatives/gone-1x1.0123456789.webp"
    try site.write(stray, "stale")
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    let edited = serve.build()
    #expect(edited.succeeded && edited.derivativesPruned == 0)
    #expect(site.read(stray) != nil, "the rebuild keeps what the last one kept: nothing to list")
    try site.write(
      "content/categories.plist", MinimalSite.categories.replacingOccurrences(of: "sleepy1", with: "falls1"))
    let removed = serve.build()
    #expect(removed.succeeded && removed.derivativesPruned > 1)
    #expect(site.read(stray) == nil)
  }

  @Test("a removed photo's page and images leave the served site")
  func removal() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    let images = site.files(under: "served/images").count
    try site.write(
      "content/categories.plist", MinimalSite.categories.replacingOccurrences(of: "sleepy1", with: "falls1"))
    let edited = serve.build()
    #expect(edited.succeeded && edited.changedFiles > 0)
    #expect(site.files(under: "served/images").count < images)
    expectSameAsFresh(site, "served")
  }

  @Test("a template edit renders every page again")
  func templateEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    let base = try #require(Theme.builtIn.files["base.mustache"].map { String(decoding: $0, as: UTF8.self) })
    try site.write(
      "templates/base.mustache", base.replacingOccurrences(of: "made with catgallery", with: "made by hand"))
    let edited = serve.build()
    #expect(edited.succeeded && edited.pagesRendered == edited.pages)
    #expect(edited.imagesProcessed == 0)
    #expect(site.read("served/facts/index.html")?.contains("made by hand") == true)
    expectSameAsFresh(site, "served")
  }

  @Test("a stylesheet edit renders only the 404 page, which carries it, and writes the two")
  func stylesheetEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    let css = try #require(Theme.builtIn.files["assets/site.css"].map { String(decoding: $0, as: UTF8.self) })
    try site.write("templates/assets/site.css", css + "\nbody { letter-spacing: .01em }\n")
    let edited = serve.build()
    #expect(edited.succeeded && edited.pagesRendered == 1 && edited.imagesProcessed == 0)
    #expect(edited.changedFiles == 2)
    #expect(site.read("served/assets/site.css")?.contains("letter-spacing: .01em") == true)
    #expect(site.read("served/404.html")?.contains("letter-spacing: .01em") == true)
    expectSameAsFresh(site, "served")
  }

  @Test("a photo that comes to stand for a page gets its link-preview copy: a new cover is planned again")
  func newCover() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "base_url: https://example.org\n"], inMemory: true)
    try site.photo("breeds/abys/a.jpg", width: 3000, height: 2000)
    try site.photo("breeds/abys/b.jpg", width: 3000, height: 2000)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    #expect(site.read("served/breeds/abys/index.html")?.contains("/images/a-1200x800.") == true)
    try site.fileSystem.remove(site.root + "/content/photos/breeds/abys/a.jpg")
    let edited = serve.build()
    #expect(edited.succeeded, "\(TestSite.lines(edited))")
    let page = try #require(site.read("served/breeds/abys/index.html"))
    let image = try #require(
      page.firstMatch(of: #/og:image" content="https://example.org/(images/b-1200x800\.[^"]+)"/#))
    #expect(site.read("served/" + image.output.1) != nil, "the new cover's copy is made")
    expectSameAsFresh(site, "served")
  }

  @Test("an image setting edit plans every photo again")
  func imageSettingEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    #expect(serve.build().succeeded)
    try site.write("content/site.yml", "images:\n  widths: [300, 700]\n")
    let edited = serve.build()
    #expect(edited.succeeded, "\(TestSite.lines(edited))")
    #expect(edited.imagesProcessed > 0)
    #expect(site.read("served/parks/index.html")?.contains(" 700w") == true)
    expectSameAsFresh(site, "served")
  }

  @Test("a new photo is the only one processed")
  func newPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = live(site, into: "served")
    let first = serve.build()
    #expect(first.succeeded && first.imagesProcessed > 1)
    // Other bytes than every photo so far: identical bytes would share their derivatives.
    try site.photo("falls3.jpg", width: 900, height: 700)
    let parks = try #require(site.read("content/parks.plist"))
    let entry = "<dict><key>imageName</key><string>falls3</string><key>caption</key><string>Third</string></dict>"
    try site.write(
      "content/parks.plist",
      parks.replacingOccurrences(of: "<key>photos</key>\n    <array>", with: "<key>photos</key>\n    <array>" + entry))
    let edited = serve.build()
    #expect(edited.succeeded, "\(TestSite.lines(edited))")
    #expect(edited.imagesProcessed == 1 && edited.imagesReused == first.imagesProcessed)
    expectSameAsFresh(site, "served")
  }

  @Test("a renamed photo is not decoded again: its placeholder and warnings are kept by its bytes alone")
  func renamedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    try site.write("content/photos/falls1.jpg", "FAKE 800x600 damaged")
    let serve = live(site, into: "served")
    let first = serve.build()
    #expect(first.succeeded && first.imagesProcessed == 3)
    let cache = DerivativeCache(folder: site.root + "/.cache/catgallery", fileSystem: site.fileSystem)
    let hashes = Set(cache.loadIndex().entries.values.map(\.hash))
    #expect(hashes.count == 3)
    #expect(Set(cache.loadRenders().keys) == hashes)

    try site.fileSystem.move(site.root + "/content/photos/falls1.jpg", to: site.root + "/content/photos/cucumber.jpg")
    try site.write("content/parks.plist", MinimalSite.parks.replacingOccurrences(of: "falls1", with: "cucumber"))
    // serve remembers the renders; a new build reads them from placeholders.json.
    for report in [serve.build(), site.build()] {
      #expect(report.succeeded)
      #expect(report.imagesProcessed == 0)
      #expect(TestSite.lines(report) == ["content/photos/cucumber.jpg: warning: the image is damaged"])
    }
    #expect(Set(cache.loadRenders().keys) == hashes)
    #expect(site.read("public/parks/ohiopyle/cucumber/index.html")?.contains("#123456") == true)
  }

  @Test(
    "values are escaped exactly as swift-mustache's own HTML escaping does",
    arguments: [
      "plain", "", "Tom & Jerry", "<script>alert('x')</script>", "\"quoted\"", "café 🐈‍⬛ naïve", "a&b<c>d\"e'f",
      "e\u{301}&", "&amp;",
    ])
  func escaping(_ value: String) throws {
    let standard = try MustacheTemplate(string: "{{value}}").render(["value": value])
    #expect(HTMLEscape().escapeText(value) == standard)
  }
}
