/// What the filter box of a paged list (an album's items, the breeds, cats or
/// facts) tells the script that searches the whole list through the site's
/// search index (`templates/js/search/list-filter.js`), not only the page shown.
///
/// A list's search entries are consecutive in the index, in the list's order,
/// because the planner appends them in one run; so a range of entry numbers
/// names the whole list, and another names the items of this page, the first
/// of them the page's first item.
struct ListFilter: Sendable, Hashable, Encodable {
  /// The list's entries, "first end" (end excluded).
  var entries: String
  /// This page's entries, "first end".
  var here: String
  /// What the count names: "12 matches in this album".
  var scope: String

  init(list: Range<Int>, page: Range<Int>, scope: String) {
    entries = "\(list.lowerBound) \(list.upperBound)"
    here = "\(page.lowerBound) \(page.upperBound)"
    self.scope = scope
  }
}
