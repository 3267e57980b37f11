/// How an album shown as sections (the parks list) is split into pages:
/// whole sections, as many as fit `size` pictures, at least one a page. Each
/// section already shows only its own first page of items, but a site of
/// 20,000 photos in 800 parks would still put all of them on one page; split,
/// no page holds more than about two `page_size`s of pictures. Page n lives
/// where `PageSplit` puts page n of the album (`parks/page/2/`).
struct SectionSplit: Sendable, Hashable {
  /// The sections (by index) each page shows, in order; one empty range for an album without sections.
  var groups: [Range<Int>]
  /// The pages' paths and numbered navigation: one "item" a page.
  var split: PageSplit

  /// `shown` is the number of pictures each section shows.
  init(folder: String, shown: [Int], size: Int) {
    var groups: [Range<Int>] = []
    var start = 0
    var total = 0
    for (index, count) in shown.enumerated() {
      if index > start, total + count > size {
        groups.append(start..<index)
        start = index
        total = 0
      }
      total += count
    }
    groups.append(start..<shown.count)
    self.groups = groups
    split = PageSplit(folder: folder, count: groups.count, size: 1)
  }

  /// The page (from 1) that shows the section at `index`.
  func page(ofSection index: Int) -> Int {
    (groups.firstIndex { $0.contains(index) } ?? 0) + 1
  }
}
