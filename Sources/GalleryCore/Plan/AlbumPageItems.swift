/// The items of one page of an album, as the recipes of that page's model
/// and of its `items.json` make them when they are rendered
/// (`PlannedPage.makeModel`, `PlannedData.makeValue`): what the cards are
/// made from, a few words, instead of the cards themselves.
struct AlbumPageItems: Sendable {
  let planner: SharedPlanner
  let album: Album
  /// The page they are shown on.
  let page: String
  /// The caption form of the item at an index (parks under `serve`).
  let edit: CaptionEdit?
  /// The items of `album` on this page.
  let range: Range<Int>
  /// Pictures shown on the page before the first item.
  let after: Int

  /// The items as thumbnails linking to their own pages (`OutputPlanner.itemCards`).
  func cards() -> [PhotoItem] {
    // An album's own page opens as a grid (album.mustache's data-initial).
    planner.planner.itemCards(album, shownOn: page, edit: edit, range: range, after: after, grid: true)
  }

  /// `model` (planned without its items) with the section of its items:
  /// page `number` of `split`, the album's own page.
  func model(_ model: AlbumModel, split: PageSplit, number: Int) -> AlbumModel {
    let cards = cards()
    var model = model
    model.section = cards.isEmpty ? nil : planner.planner.section(album, cards: cards, on: page)
    if split.isPaged {
      model.section?.paging = planner.planner.pageLinks(split, number)
      model.section?.count = Text.count(album.items.count, "photo")
    }
    return model
  }
}
