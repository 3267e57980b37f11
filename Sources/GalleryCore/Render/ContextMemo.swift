/// Parts of pages' contexts that many pages share, encoded once per distinct
/// value for one render and handed to every page that has the same value. The
/// menu is the one part worth it: its links depend only on the page's depth
/// and section, so 10,000 fact pages have a handful of menus between them,
/// yet encoding it was about half of encoding a page's layout. Keyed by the
/// whole value, so a page only ever gets the encoding of its own menu.
package final class ContextMemo: Sendable {
  private let menus = Locked([[PageContext.NavItem]: Any]())

  package init() {}

  /// `nav` encoded, by `encode` the first time this value is asked for.
  func menu(_ nav: [PageContext.NavItem], encode: () -> Any) -> Any {
    if let known = menus.withLock({ $0[nav] }) { return known }
    let encoded = encode()
    menus.withLock { $0[nav] = encoded }
    return encoded
  }
}
