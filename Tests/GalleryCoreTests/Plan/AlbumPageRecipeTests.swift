import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Issue 24: an album's pages, and their `items.json`, are planned as
/// recipes (`PlannedPage.makeModel`, `PlannedData.makeValue`), so the plan
/// holds no item card from Plan to the end of Render: each page's cards are
/// made when it is rendered and let go with it. Planned whole, a
/// 20,000-photo preview held a card and a JSON entry of every photo.
@Suite("Memory: album pages planned as recipes")
struct AlbumPageRecipeTests {
  /// The plan of a site with one category (album pages) and one park (the
  /// parks list, whose sections show the park's first page) of `count`
  /// photos, `size` to a page.
  static func plan(photos count: Int, size: Int) throws -> OutputPlan {
    let names = (1...count).map { "p\($0)" }
    return try StreamedRenderTests.plan(
      files: [
        "content/site.yml": "page_size: \(size)\n",
        "content/categories.plist": AlbumPagingTests.categories(names),
        "content/parks.plist": AlbumPagingTests.parks(names),
      ], photos: names)
  }

  /// Where the elements of `items` are stored.
  static func storage<T>(_ items: [T]) -> UnsafeRawPointer? {
    items.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
  }

  /// The item cards of an album page's model or of a parks page's model.
  static func cards(_ model: any Sendable & Hashable & Encodable) -> [[PhotoItem]] {
    if let album = model as? AlbumModel { return album.section.map { [$0.photos] } ?? [] }
    if let parks = model as? ParksModel { return parks.sections.map(\.photos) }
    return []
  }

  @Test("each album page's cards and items.json entries are made anew when asked for, not held by the plan")
  func madeWhenRendered() throws {
    let plan = try Self.plan(photos: 30, size: 10)
    let albumPages = plan.pages.filter { !Self.cards($0.model).isEmpty }
    // The category's three pages, the park's three and the parks list's one.
    #expect(albumPages.count == 7)
    for page in albumPages {
      let (first, second) = (page.model, page.model)
      #expect(AnyHashable(first) == AnyHashable(second), "\(page.path)")
      for (one, other) in zip(Self.cards(first), Self.cards(second)) where !one.isEmpty {
        #expect(Self.storage(one) != Self.storage(other), "\(page.path) holds its cards")
      }
    }
    // An items.json beside each page of the category and of the park.
    #expect(plan.data.count == 6)
    for data in plan.data {
      let (first, second) = (data.value, data.value)
      #expect(first == second)
      #expect(Self.storage(first.items) != Self.storage(second.items), "\(data.path) holds its entries")
    }
  }

  @Test("a photo's page and its search entry share one string of its path")
  func onePath() throws {
    let plan = try Self.plan(photos: 3, size: 10)
    let pages = Dictionary(plan.pages.map { ($0.path, $0) }) { first, _ in first }
    // Paths of more than 15 bytes are stored apart from the string itself
    // (the category's photos'; the park's are shorter).
    let photos = plan.search.filter { $0.kind == "Photo" && $0.url.utf8.count > 15 }
    #expect(photos.count == 3)
    for entry in photos {
      let page = try #require(pages[entry.url])
      let storage = { (text: String) in text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } }
      #expect(storage(page.path) == storage(entry.url), "\(entry.url)")
    }
  }
}
