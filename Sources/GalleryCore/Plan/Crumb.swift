/// A breadcrumb as the planner works it out once for many pages: the page it
/// leads to from the site root, with the fragment that opens it at the right
/// place. Each page turns it into a link relative to itself (`links`).
struct Crumb: Sendable, Hashable {
  var title: String
  var page: String
  var fragment = ""

  /// `crumbs` as links from the page at `path`.
  static func links(_ crumbs: [Crumb], from path: String) -> [Link] {
    crumbs.map { Link(title: $0.title, href: PagePath.relative(from: path, to: $0.page) + $0.fragment) }
  }
}
