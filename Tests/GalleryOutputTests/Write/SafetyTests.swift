import Foundation
import TestSupport
import Testing

@Suite("Safety")
struct SafetyTests {
  static let attack = "\"><img src=x onerror=alert(1)><script>alert(2)</script>"

  @Test("text from every input is escaped in every page")
  func escapesInput() throws {
    let escaped = Self.attack.replacingOccurrences(of: "\"", with: "\\\"")
    let site = try MinimalSite.make(replacing: [
      "content/parks.plist": MinimalSite.parks.replacingOccurrences(
        of: "Cucumber Falls", with: "&lt;script&gt;alert(3)&lt;/script&gt;"
      )
      .replacingOccurrences(of: "<string>Ohiopyle</string>", with: "<string>\"&gt;&lt;img onerror=x&gt;</string>"),
      "content/cats.json": MinimalSite.cats.replacingOccurrences(of: "Ruth Hill", with: escaped),
      "content/facts.json": "[\"\(escaped)\"]",
      "content/notes/abys.md": "---\ntitle: \"\(escaped)\"\nauthor: <b>me</b>\n---\nText <script>alert(4)</script>\n",
    ])
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let pages = try FileManager.default.subpathsOfDirectory(atPath: site.root + "/public")
      .filter { $0.hasSuffix(".html") }
    #expect(pages.count > 10)
    for page in pages {
      let html = site.read("public/" + page) ?? ""
      #expect(!html.contains("<script>alert"), "\(page)")
      #expect(!html.contains("<img src=x"), "\(page)")
      #expect(!html.contains("<img onerror"), "\(page)")
      #expect(!html.contains("<b>me</b>"), "\(page)")
    }
    let cat = try #require(pages.first { $0.hasPrefix("cats/") && $0 != "cats/index.html" })
    #expect(site.read("public/" + cat)?.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;") == true)
  }

  @Test("links from the data appear only when they are http(s) URLs")
  func onlyWebLinks() throws {
    let breeds = MinimalSite.breeds.replacingOccurrences(
      of: "https://en.wikipedia.org/wiki/Abyssinian_(cat)", with: "javascript:alert(1)")
    let site = try MinimalSite.make(replacing: ["content/breeds.json": breeds])
    let report = site.build()
    #expect(
      TestSite.lines(report) == [
        "content/breeds.json:10:22: warning: \"wikipedia_url\" of breed \"abys\" is not an http(s) URL; not linked"
      ])
    #expect(site.read("public/breeds/abys/index.html")?.contains("javascript:") == false)
  }

  @Test(
    "refuses output folders that would swallow the site",
    arguments: ["", "/content", "/content/photos", "/.."])
  func refusesOutput(_ suffix: String) throws {
    let site = try MinimalSite.make()
    let report = site.build(output: site.root + suffix)
    #expect(!report.succeeded)
    #expect(report.diagnostics.first?.message.hasPrefix("refusing") == true)
  }

  @Test("a photo that links outside content/photos/ is not read")
  func symlinkOutside() throws {
    let site = try MinimalSite.make()
    try site.write("outside.jpg", "FAKE 800x600")
    try FileManager.default.removeItem(atPath: site.root + "/content/photos/falls1.jpg")
    try FileManager.default.createSymbolicLink(
      atPath: site.root + "/content/photos/falls1.jpg", withDestinationPath: site.root + "/outside.jpg")
    let report = site.build()
    #expect(
      TestSite.lines(report) == [
        "content/photos/falls1.jpg: error: cannot read image: it links to a file outside content/photos/"
      ])
  }
}
