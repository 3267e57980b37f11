/// The Atom feed (RFC 4287) of a site with a base URL, `feed.xml` at its
/// root: its newest photos and facts, every URL absolute, as feed readers need.
package struct AtomFeed: Sendable, Hashable {
  /// Entries at most: enough for a reader that polls weekly, small enough
  /// that the file stays a few tens of kilobytes.
  static let limit = 50
  /// The file, at the site root.
  static let path = "feed.xml"

  var title: String
  var subtitle: String
  var language: String
  /// The home page's URL, which is also the feed's id.
  var home: String
  /// The feed's own URL (`rel="self"`).
  var address: String
  /// The newest entry's date.
  var updated: FeedDate
  var entries: [Entry]

  struct Entry: Sendable, Hashable {
    /// The entry's page: its id and its link.
    var url: String
    var title: String
    var updated: FeedDate
    /// The caption or fact, in full, as plain text.
    var summary: String
    /// The photo's link-preview copy, shown in the entry's content.
    var image: LinkPreview.Image?
  }
}
