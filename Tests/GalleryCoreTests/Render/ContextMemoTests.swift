import Foundation
import Testing

@testable import GalleryCore

/// The menu is encoded once per distinct value for a render (`ContextMemo`)
/// and shared by the pages that have it; no page may get another page's menu.
@Suite("Context memo")
struct ContextMemoTests {
  @Test("pages of different sections and depths rendered through one memo each get their own menu, as alone")
  func ownMenu() throws {
    let plan = try StreamedRenderTests.plan(photos: 3)
    let (renderer, problems) = PageRenderer.prepare(theme: .builtIn)
    #expect(problems.isEmpty)
    let inlines = ThemeInlines(theme: .builtIn)
    let shared = renderer.render(plan).files
    let byPath = Dictionary(shared.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
    var menus: Set<String> = []
    for page in plan.pages {
      let alone = try renderer.renderPage(page, colours: [:], inlines: inlines, memo: nil).get()
      #expect(byPath[page.file] == alone.data, Comment(rawValue: page.file + " differs"))
      let html = String(decoding: alone.data, as: UTF8.self)
      if let menu = html.firstRange(of: "<nav")?.lowerBound, let end = html[menu...].firstRange(of: "</nav>") {
        menus.insert(String(html[menu..<end.upperBound]))
      }
    }
    // Several menus (other tabs current, other depths), so a memo that mixed them up would show.
    #expect(menus.count >= 3)
  }

  @Test("two layouts with other current tabs and depths encoded through one memo keep their own menus")
  func encoder() throws {
    func layout(_ root: String, current: Int) -> PageContext {
      PageContext(
        title: "T", siteTitle: "S", description: "", searchPlaceholder: "", lang: "en", root: root,
        icons: root + "assets/icons.svg", preview: LinkPreview(title: "T", description: "", url: nil, image: nil),
        nav: (0..<3).map { .init(title: "s\($0)", href: root + "s\($0)/", current: $0 == current, icon: "i") },
        kind: "home", isHome: false)
    }
    let memo = ContextMemo()
    for (root, current) in [("", 0), ("../", 0), ("../", 1), ("", 0)] {
      let page = layout(root, current: current)
      let cached = MustacheContextEncoder.encode(page, memo: memo) as? [String: Any]
      let alone = MustacheContextEncoder.encode(page) as? [String: Any]
      let menu = try #require(cached?["nav"] as? [[String: Any]])
      let expected = try #require(alone?["nav"] as? [[String: Any]])
      #expect(menu.map { $0["href"] as? String } == expected.map { $0["href"] as? String })
      #expect(menu.map { $0["current"] as? Bool } == expected.map { $0["current"] as? Bool })
    }
  }
}
