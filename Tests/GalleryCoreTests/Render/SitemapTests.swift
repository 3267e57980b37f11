import Foundation
import Testing

@testable import GalleryCore

/// `sitemap.xml` keeps to the sitemap protocol's limit of URLs a file: past
/// it, the URLs go into numbered parts at the root and `sitemap.xml` is their
/// index.
@Suite("Sitemap")
struct SitemapTests {
  static func plan(pages: Int) -> OutputPlan {
    var plan = OutputPlan()
    plan.baseURL = "https://example.org"
    plan.pages = (1...pages).map { PlannedPage(path: "facts/f\($0)/", template: "fact", model: "\($0)") }
    plan.pages.append(PlannedPage(path: "404.html", template: "404", model: "", inSitemap: false))
    return plan
  }

  static func text(_ file: OutputFile) -> String { String(decoding: file.data, as: UTF8.self) }

  @Test("up to the limit one sitemap; past it, sitemap.xml is an index of parts of at most the limit, each page in one")
  func split() {
    let whole = Sitemap(Self.plan(pages: 3), limit: 3).files
    #expect(whole.map(\.path) == ["sitemap.xml"] && Sitemap.paths(Self.plan(pages: 3), limit: 3) == ["sitemap.xml"])
    #expect(Self.text(whole[0]).components(separatedBy: "<url>").count - 1 == 3)
    let plan = Self.plan(pages: 5)
    let files = Sitemap(plan, limit: 2).files
    #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
    #expect(Sitemap.paths(plan, limit: 2) == files.map(\.path))
    let index = Self.text(files[0])
    #expect(index.contains("<sitemapindex"))
    #expect(index.contains("<sitemap><loc>https://example.org/sitemap-3.xml</loc></sitemap>"))
    let counts = files.dropFirst().map { Self.text($0).components(separatedBy: "<url>").count - 1 }
    #expect(counts == [2, 2, 1])
    #expect(!files.contains { Self.text($0).contains("404.html") })
    #expect(files.dropFirst().allSatisfy { Sitemap.isPart($0.path) } && !Sitemap.isPart("sitemap-x.xml"))
  }
}
