/// What an album's page (an album's own, or the parks list's) adds to the
/// inputs of the albums whose items it shows (`PageRecipe`): with both
/// equal to the last rebuild's, so is its model, and a live site keeps the
/// page without making its cards.
struct AlbumPagePart<Model: Hashable & Sendable>: Hashable, Sendable {
  /// The page's model, planned without the albums' items.
  var model: Model
  /// Where the page is: its cards' links are relative to it.
  var page: String
  /// The albums shown, by slug (their sections' ids), in order.
  var albums: [String]
  /// Each album's items on the page.
  var ranges: [Range<Int>]
  /// The pictures on the page before each album's first item (lazy loading).
  var after: [Int]
}
