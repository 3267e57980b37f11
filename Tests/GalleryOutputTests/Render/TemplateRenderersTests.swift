import Foundation
import GalleryMetadata
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// Our Mustache renderer (`MustacheRenderer`) against swift-mustache, the
/// reference it replaces, on every page of the golden fixture site: the
/// bytes must be the same, page by page, whatever the templates use.
@Suite("Template renderers")
struct TemplateRenderersTests {
  /// The golden site's plan, loaded with the real codec and metadata reader.
  static func plan() throws -> (OutputPlan, SiteSource) {
    let source = SiteLoader(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()), metadata: try Exiv2Reader()
    )
    .load(root: Fixtures.folder + "/golden-site")
    var (site, _) = SiteBuilder(now: TestSite.now).build(source)
    // The fixture has no credits page; this gives it one, so every page template renders.
    site.credits = Note(
      file: "content/credits.md", frontMatter: [:], markdown: "Photos by **Ann** & <Bo>, CC BY 4.0.\n", firstLine: 1)
    return (OutputPlanner.plan(site), source)
  }

  @Test(
    "every page of the golden site renders to the same bytes through swift-mustache and ours, built-in and overridden theme",
    arguments: [false, true])
  func sameBytes(overridden: Bool) throws {
    let (plan, source) = try Self.plan()
    let theme = overridden ? Theme.merged(site: source.templates) : Theme.builtIn
    let (renderer, problems) = PageRenderer.prepare(theme: theme)
    #expect(problems.isEmpty)
    // Ours renders only if it compiled every template; else this compares swift-mustache with itself.
    try #require(renderer.templates.compiled != nil)
    let inlines = ThemeInlines(theme: theme)
    var templates: Set<String> = []
    for page in plan.pages {
      var context = MustacheContextEncoder.encode(page.model)
      if page.inlinesAssets, var values = context as? [String: Any] {
        values["inline"] = inlines.values(favicon: "favicon.svg")
        context = values
      }
      let ours = renderer.templates.bytes(context, template: page.template).map { String(decoding: $0, as: UTF8.self) }
      let reference = renderer.templates.referenceRender(context, template: page.template)
      #expect(ours != nil)
      #expect(ours == reference, Comment(rawValue: page.file + " differs"))
      templates.insert(page.template)
    }
    #expect(templates.isSuperset(of: PageKind.templates))
  }
}
