import Foundation
import TestSupport
import Testing

/// Link previews: every page's Open Graph and Twitter card tags, with absolute
/// URLs only on a site with a base URL, escaped like any other value.
@Suite("Link previews")
struct LinkPreviewTests {
  static let base = "https://example.org/cats"

  /// The minimal site built with `base_url` (or none), a caption that needs escaping.
  static func site(baseURL: String?) throws -> TestSite {
    let parks = MinimalSite.parks.replacingOccurrences(
      of: "<string>Cucumber Falls</string>", with: "<string>Cucumber \"Falls\" &amp; &lt;rocks&gt;</string>")
    let site = try MinimalSite.make(
      replacing: ["content/parks.plist": parks, "content/site.yml": baseURL.map { "base_url: \($0)\n" } ?? ""],
      inMemory: true)
    try site.photo("breeds/abys/b.jpg", width: 3000, height: 2000)
    try site.photo("breeds/abys/a.jpg", width: 3000, height: 2000)
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    return site
  }

  /// The content of each `<meta property|name="…">` of `html`, by name, in order.
  static func tags(_ html: String) -> [String: [String]] {
    var tags: [String: [String]] = [:]
    for match in html.matches(of: #/<meta (?:property|name)="([^"]+)" content="([^"]*)">/#) {
      tags[String(match.output.1), default: []].append(String(match.output.2))
    }
    return tags
  }

  /// Every page of a built site, by path below public/.
  static func pages(_ site: TestSite) -> [String: String] {
    site.files(under: "public").filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
  }

  @Test("with a base URL every page has each tag once, its own absolute URL and an image file of the site")
  func everyPage() throws {
    let site = try Self.site(baseURL: Self.base + "/")
    let pages = Self.pages(site)
    #expect(pages.count > 10)
    for (path, html) in pages {
      let tags = Self.tags(html)
      for name in ["og:type", "og:site_name", "og:title", "og:description", "og:url", "og:image", "twitter:card"] {
        #expect(tags[name]?.count == 1, "\(path): \(name)")
      }
      let page = path == "index.html" ? "" : path.replacingOccurrences(of: "index.html", with: "")
      #expect(tags["og:url"] == [Self.base + "/" + page], "\(path)")
      let image = try #require(tags["og:image"]?.first, "\(path)")
      #expect(image.hasPrefix(Self.base + "/images/"), "\(path): \(image)")
      #expect(site.read("public/" + image.dropFirst(Self.base.count + 1)) != nil, "\(path): \(image) is not written")
      #expect(tags["twitter:card"] == ["summary_large_image"], "\(path)")
      #expect(tags["og:image:width"]?.count == 1 && tags["og:image:height"]?.count == 1, "\(path)")
    }
  }

  @Test("a page shows its own photo: the photo's, the breed's first, the cat's; a list its card's cover")
  func ownPhoto() throws {
    let site = try Self.site(baseURL: Self.base)
    let tags = { (path: String) in Self.tags(site.read("public/" + path) ?? "") }
    let image = { (path: String) in tags(path)["og:image"]?.first ?? "" }
    #expect(image("parks/ohiopyle/falls1/index.html").contains("/images/falls1-800x600."))
    #expect(image("categories/sleepy/sleepy1/index.html").contains("/images/sleepy1-600x900."))
    // The breed's first photo by name, 1200 px wide, a JPEG.
    #expect(image("breeds/abys/index.html").contains("/images/a-1200x800."))
    #expect(image("breeds/abys/index.html").hasSuffix(".jpg"))
    #expect(image("breeds/index.html") == image("breeds/abys/index.html"))
    // The cat's photo has alpha: its copy stays a PNG.
    #expect(image("cats/5d9a1c2e8f0b2a0011a1b2c3/index.html").contains("/images/cat1-400x400."))
    #expect(tags("cats/5d9a1c2e8f0b2a0011a1b2c3/index.html")["og:image:type"] == ["image/png"])
    #expect(tags("cats/5d9a1c2e8f0b2a0011a1b2c3/index.html")["og:description"] == ["Abyssinian, owned by Ruth Hill"])
    // A page without a photo of its own shows the home page's first cover.
    #expect(image("saved/index.html") == image("index.html"))
    #expect(image("index.html").contains("/images/falls1-800x600."))
    #expect(tags("facts/index.html")["og:title"] == ["Facts"])
    #expect(tags("index.html")["og:title"] == ["Cat Gallery"])
  }

  @Test("captions and titles are escaped in every tag")
  func escaped() throws {
    let site = try Self.site(baseURL: Self.base)
    let html = try #require(site.read("public/parks/ohiopyle/falls1/index.html"))
    let escaped = "Cucumber &quot;Falls&quot; &amp; &lt;rocks&gt;"
    #expect(html.contains("<meta property=\"og:title\" content=\"\(escaped)\">"))
    #expect(html.contains("<meta property=\"og:image:alt\" content=\"\(escaped)\">"))
    #expect(!html.contains("\"Falls\""))
  }

  @Test("without a base URL no page names a URL crawlers could not read, and no share copy is made")
  func noBaseURL() throws {
    let site = try Self.site(baseURL: nil)
    for (path, html) in Self.pages(site) {
      let tags = Self.tags(html)
      #expect(tags["og:title"]?.count == 1 && tags["og:description"]?.count == 1, "\(path)")
      #expect(tags["og:url"] == nil && tags["og:image"] == nil, "\(path)")
      #expect(tags["twitter:card"] == ["summary"], "\(path)")
    }
    let images = site.files(under: "public/images").keys
    #expect(!images.isEmpty && !images.contains { $0.contains("-1200x") })
  }
}
