/// The lists of breeds, cats and facts, split into pages of site.yml's
/// `page_size` like an album's items: page 1 at the kind's folder, then
/// `page/2/`, each with the numbered navigation and `rel` links.
extension OutputPlanner {
  /// The pages of the list of `kind` over `count` records, whose search
  /// entries are `entries` (one a record, in order);
  /// `model` makes a page's view model from its path, its layout, the records
  /// it shows and its navigation (nil when the list is one page).
  func listPages(
    _ kind: PageKind, title: String, count: Int, entries: Range<Int>,
    model: (_ path: String, _ layout: PageContext, _ range: Range<Int>, _ pager: Pager?) ->
      any Sendable & Hashable & Encodable
  ) -> [PlannedPage] {
    let split = PageSplit(folder: path(kind), count: count, size: site.config.pageSize)
    return (1...split.pages).map { number in
      let here = split.path(number)
      var layout = context(here, title: title, kind: kind)
      layout.paging(split, number)
      if split.isPaged {
        let range = split.range(number)
        let first = entries.lowerBound
        layout.listFilter = ListFilter(
          list: entries, page: first + range.lowerBound..<first + range.upperBound, scope: "list")
      }
      layout.preview.image = previewImage(ofList: kind) ?? siteImage
      return PlannedPage(
        path: here, template: kind.row.template ?? kind.rawValue,
        model: model(here, layout, split.range(number), split.pager(number)))
    }
  }
}
