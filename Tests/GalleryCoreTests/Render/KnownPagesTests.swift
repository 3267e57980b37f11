import Foundation
import Testing

@testable import GalleryCore

/// A live site's renderer keeps the pages it rendered last time; a page with
/// a recipe is told unchanged by its recipe, without making its model.
@Suite("Pages a live site keeps")
struct KnownPagesTests {
  struct Model: Sendable, Hashable, Encodable {
    var text: String
  }

  let renderer = PageRenderer.prepare(
    theme: Theme(files: ["page.mustache": Data("<p>{{text}}</p>".utf8)], overridden: [])
  ).0

  /// Pages of `texts` made from recipes of `inputs`, counting in `made` the models made.
  func plan(_ inputs: String, texts: [String], made: Locked<Int>) -> OutputPlan {
    var plan = OutputPlan()
    let shared = PageRecipe.Inputs(inputs)
    for (index, text) in texts.enumerated() {
      var page = PlannedPage(path: "p\(index)/", template: "page") {
        made.increment()
        return Model(text: text)
      }
      page.recipe = PageRecipe(inputs: shared, index: index, count: texts.count)
      plan.pages.append(page)
    }
    return plan
  }

  func pages(_ files: [OutputFile]) -> [String: String] {
    Dictionary(
      files.filter { $0.path.hasSuffix("index.html") }.map { ($0.path, String(decoding: $0.data, as: UTF8.self)) },
      uniquingKeysWith: { a, _ in a })
  }

  @Test("pages whose recipe is unchanged are kept without making their models; a changed recipe remakes them")
  func recipes() {
    let known = KnownPages()
    let made = Locked(0)
    let first = renderer.render(plan("v1", texts: ["a", "b", "c"], made: made), known: known)
    #expect(made.current == 3, "each model made once, to render it")
    #expect(pages(first.files)["p1/index.html"] == "<p>b</p>")

    made.set(0)
    // Equal inputs in another object, as the next rebuild plans them.
    let same = renderer.render(plan("v1", texts: ["a", "b", "c"], made: made), known: known)
    #expect(made.current == 0 && same.rendered == 0)
    #expect(pages(same.files) == pages(first.files))

    let changed = renderer.render(plan("v2", texts: ["a", "B", "c"], made: made), known: known)
    #expect(made.current == 3 && changed.rendered == 3)
    #expect(pages(changed.files)["p1/index.html"] == "<p>B</p>")
  }

  @Test("a page known by its model has that model made once a render, for its key and its bytes alike")
  func modelsMadeOnce() {
    let known = KnownPages()
    let made = Locked(0)
    func plan(_ text: String) -> OutputPlan {
      var plan = OutputPlan()
      plan.pages.append(
        PlannedPage(path: "album/", template: "page") {
          made.increment()
          return Model(text: text)
        })
      return plan
    }
    _ = renderer.render(plan("a"), known: known)
    #expect(made.current == 1)
    made.set(0)
    let changed = renderer.render(plan("b"), known: known)
    #expect(made.current == 1 && changed.rendered == 1, "made for its key, then rendered from that one")
    #expect(pages(changed.files)["album/index.html"] == "<p>b</p>")
  }

  @Test("an items.json whose page's recipe is unchanged keeps its bytes without being made; a changed one is made")
  func itemsJSON() {
    let known = KnownPages()
    let made = Locked(0)
    /// The pages of `plan`, each with an items.json made from its recipe, and one without a recipe.
    func withData(_ inputs: String, count: Int) -> OutputPlan {
      var plan = plan(inputs, texts: ["a", "b"], made: Locked(0))
      for page in plan.pages {
        plan.data.append(
          PlannedData(path: page.path + "items.json", recipe: page.recipe) {
            made.increment()
            return AlbumPageData(PageSplit(folder: page.path, count: count, size: 1), page: 1, items: [])
          })
      }
      plan.data.append(
        PlannedData(path: "loose/items.json") {
          made.increment()
          return AlbumPageData(PageSplit(folder: "loose/", count: count, size: 1), page: 1, items: [])
        })
      return plan
    }
    let json = { (files: [OutputFile]) in
      files.filter { $0.path.hasSuffix("items.json") }.map { String(decoding: $0.data, as: UTF8.self) }
    }
    let first = renderer.render(withData("v1", count: 3), known: known)
    #expect(made.current == 3 && json(first.files).count == 3)
    made.set(0)
    let same = renderer.render(withData("v1", count: 3), known: known)
    #expect(made.current == 1, "only the one without a recipe is made again")
    #expect(json(same.files) == json(first.files))
    made.set(0)
    // A changed recipe: made again, with what it says now.
    let changed = renderer.render(withData("v2", count: 4), known: known)
    #expect(made.current == 3)
    #expect(json(changed.files).allSatisfy { $0.contains("\"total\":4") })
  }
}
