/// Search: what the index's entries show beside their titles, and the page the
/// header's search box submits to.
extension OutputPlanner {
  /// Where an item lives, as a result says it: the albums of `trail`, from the
  /// top ("Parks › Ohiopyle").
  func searchPlace(_ trail: [Album]) -> String {
    trail.map(\.title).joined(separator: " › ")
  }

  /// The square thumbnail of `photo` relative to the site root, for a result.
  func searchThumb(_ photo: Photo?) -> String? {
    photo.flatMap { images.thumbnailSource($0, root: "") }
  }

  /// A result's kind named by its album's noun for its children: "Park", "Category".
  static func label(_ noun: String) -> String {
    noun.prefix(1).uppercased() + noun.dropFirst()
  }

  /// `search/`: with JavaScript, every result of `?q=`; without it, a note
  /// that search needs JavaScript and the site's sections to browse instead,
  /// so the form in every header never leads nowhere.
  func searchPage() -> PlannedPage {
    let path = self.path(.search)
    let root = PagePath.root(of: path)
    return page(
      .search,
      model: SearchPageModel(
        page: context(path, title: "Search", kind: .search),
        sections: sections.filter { $0.kind != .saved }.map { Link(title: $0.title, href: root + $0.path) }),
      inSitemap: false)
  }
}
