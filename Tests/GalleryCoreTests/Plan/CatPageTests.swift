import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// A cat's page shows what the cats app's detail screen showed about its breed:
/// the name, the description and the temperament, with the breed's photo, and
/// "Unknown" for what breeds.json does not say.
@Suite("Cat page")
struct CatPageTests {
  /// The minimal site with `breeds` for its breeds.json, built; the page of its one cat.
  static func catPage(breeds: String = MinimalSite.breeds, breedPhoto: Bool = false) throws -> String {
    let site = try MinimalSite.make(replacing: ["content/breeds.json": breeds], inMemory: true)
    if breedPhoto { try site.photo("breeds/abys/a.jpg", width: 900, height: 600) }
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let page = try #require(site.files(under: "public/cats").keys.first { $0.hasSuffix("/index.html") })
    return try #require(site.read("public/cats/" + page))
  }

  /// The text of the breed section of a cat page, tags and runs of white space removed.
  static func breedSection(_ html: String) throws -> String {
    let match = try #require(
      html.firstMatch(of: #/<section class="cat-breed"[^>]*>(.*?)</section>/#.dotMatchesNewlines()))
    return String(match.output.1).replacing(#/<[^>]*>/#, with: " ").split(whereSeparator: \.isWhitespace)
      .joined(separator: " ")
  }

  static let described = MinimalSite.breeds.replacingOccurrences(
    of: "\"origin\": \"Egypt\",", with: "\"origin\": \"Egypt\", \"description\": \"A <b>lively</b> cat & friend.\",")

  @Test("the page names the breed and shows its description and temperament")
  func breedShown() throws {
    let html = try Self.catPage(breeds: Self.described)
    let text = try Self.breedSection(html)
    #expect(text.contains("Abyssinian"))
    #expect(text.contains("Description A &lt;b&gt;lively&lt;/b&gt; cat &amp; friend."))
    #expect(text.contains("Temperament Active Energetic"))
    #expect(html.contains("<ul class=\"chips\"><li>Active</li><li>Energetic</li></ul>"))
    #expect(!text.contains("Unknown"))
  }

  @Test("what breeds.json does not say is shown as Unknown")
  func unknownShown() throws {
    let noTemperament = Self.described.replacingOccurrences(of: "\"temperament\": \"Active, Energetic\",", with: "")
    #expect(try Self.breedSection(Self.catPage(breeds: noTemperament)).contains("Temperament Unknown"))
    #expect(try Self.breedSection(Self.catPage()).contains("Description Unknown"))
  }

  @Test("the breed's first photo is shown and links to the breed's page")
  func breedPhoto() throws {
    let html = try Self.catPage(breedPhoto: true)
    let section = try #require(html.firstMatch(of: #/<section class="cat-breed".*?</section>/#.dotMatchesNewlines()))
    #expect(section.output.contains("src=\"../../images/a-"))
    #expect(section.output.contains("href=\"../../breeds/abys/\""))
  }

  @Test("a breed with no local photo shows its remote image")
  func remotePhoto() throws {
    let breeds = MinimalSite.breeds.replacingOccurrences(
      of: "\"origin\": \"Egypt\",", with: "\"origin\": \"Egypt\", \"reference_image_id\": \"0XYvRd7oD\",")
    let html = try Self.catPage(breeds: breeds)
    let section = try #require(html.firstMatch(of: #/<section class="cat-breed".*?</section>/#.dotMatchesNewlines()))
    #expect(section.output.contains("src=\"https://cdn2.thecatapi.com/images/0XYvRd7oD.jpg\""))
    #expect(!section.output.contains("images/cat1-"), "the cat's own photo is not taken for its breed's")
  }

  @Test("a breed that breeds.json lacks is named without a link to a page that does not exist")
  func unknownBreedUnlinked() throws {
    let test = try MinimalSite.make(inMemory: true)
    let source = SiteLoader(
      fileSystem: test.fileSystem, codec: FakeCodec(fileSystem: test.fileSystem),
      metadata: FakeMetadataReader(fileSystem: test.fileSystem)
    )
    .load(root: test.root)
    var (site, _) = SiteBuilder(now: TestSite.now).build(source)
    let cat = try #require(site.cats.first)
    let known = OutputPlanner(site: site, jobs: [])
    #expect(known.aboutBreed(of: cat, root: "../../").href == "../../breeds/abys/")
    #expect(known.catItem(cat, root: "../").breed?.href == "../breeds/abys/")
    site.breeds = []
    let planner = OutputPlanner(site: site, jobs: [])
    let about = planner.aboutBreed(of: cat, root: "../../")
    #expect(about.href == nil)
    #expect(about.name == cat.breedName)
    let item = planner.catItem(cat, root: "../")
    #expect(item.breed == nil)
    #expect(item.breedName == cat.breedName)
    let (renderer, _) = PageRenderer.prepare(theme: .builtIn)
    let files = renderer.render(planner.plan(jobs: [])).files
    let page = try #require(files.first { $0.path.hasPrefix("cats/") && $0.path != "cats/index.html" })
    let html = String(decoding: page.data, as: UTF8.self)
    #expect(!html.contains("breeds/abys/"))
    #expect(html.contains("About the breed: \(cat.breedName)</h2>"))
    #expect(html.contains("<dt>Breed</dt><dd>\(cat.breedName)</dd>"))
  }
}
