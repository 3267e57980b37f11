/// How a list of `count` items at the folder `folder` is split into pages of
/// at most `size` items: page 1 at the folder itself, page n at
/// `<folder>page/<n>/`. A list of `size` items or fewer (an empty one too) is
/// one page. Paging is planned output: the Model keeps every album whole.
struct PageSplit: Sendable, Hashable {
  var folder: String
  var count: Int
  var size: Int

  init(folder: String, count: Int, size: Int) {
    self.folder = folder
    self.count = count
    // site.yml's bounds keep it positive; a zero would split nothing.
    self.size = max(1, size)
  }

  /// The number of pages, at least one.
  var pages: Int { max(1, (count + size - 1) / size) }

  /// Split into more than one page.
  var isPaged: Bool { pages > 1 }

  /// The path of page `number` (from 1).
  func path(_ number: Int) -> String { number <= 1 ? folder : folder + "page/\(number)/" }

  /// The items page `number` shows.
  func range(_ number: Int) -> Range<Int> {
    let start = min(count, (number - 1) * size)
    return start..<min(count, start + size)
  }

  /// The page that shows the item at `index`.
  func page(of index: Int) -> Int { index / size + 1 }

  /// The numbered navigation of page `number`, with links relative to it;
  /// nil for a list of one page.
  func pager(_ number: Int) -> Pager? {
    guard isPaged else { return nil }
    let here = path(number)
    let href = { (other: Int) in PagePath.relative(from: here, to: path(other)) }
    return Pager(
      label: "Page \(number) of \(pages)",
      previous: number > 1 ? href(number - 1) : nil,
      next: number < pages ? href(number + 1) : nil,
      links: Self.shown(number, of: pages).map { shown in
        guard let shown else { return Pager.Entry(number: "", href: nil, current: false, gap: true) }
        return Pager.Entry(number: "\(shown)", href: href(shown), current: shown == number, gap: false)
      })
  }

  /// The page numbers the navigation of page `current` names, nil for an
  /// elided range: the first and last two, and two each side of the current
  /// one, so a jump of one page or to either end is always one click. A gap
  /// of a single page shows that page rather than "…".
  static func shown(_ current: Int, of pages: Int) -> [Int?] {
    let wanted = Set([1, 2, pages - 1, pages] + Array(current - 2...current + 2)).filter { (1...pages).contains($0) }
    var result: [Int?] = []
    var last = 0
    for number in wanted.sorted() {
      if number == last + 2 {
        result.append(last + 1)
      } else if number > last + 2 {
        result.append(nil)
      }
      result.append(number)
      last = number
    }
    return result
  }
}

/// The numbered navigation of a paged list: previous, the page numbers (the
/// current one marked, long runs elided) and next, as plain links.
struct Pager: Sendable, Hashable, Encodable {
  struct Entry: Sendable, Hashable, Encodable {
    var number: String
    var href: String?
    var current: Bool
    /// Stands for pages left out ("…").
    var gap: Bool
  }

  /// "Page 2 of 20", for the page's title and the navigation's name.
  var label: String
  var previous: String?
  var next: String?
  var links: [Entry]
}
