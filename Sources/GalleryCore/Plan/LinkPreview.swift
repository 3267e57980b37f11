/// What a link to a page shows where it is shared: the Open Graph and Twitter
/// card tags of its `<head>`. Crawlers read only absolute URLs, so `url` and
/// `image` are set only on a site with a `base_url`.
package struct LinkPreview: Sendable, Hashable, Encodable {
  /// The page's own title (the site's on the home page); `og:site_name` names the site.
  package var title: String
  package var description: String
  /// The page's canonical URL.
  package var url: String?
  package var image: Image? {
    didSet { card = Self.card(image) }
  }
  /// `summary_large_image` when there is an image to show large, else `summary`.
  package private(set) var card: String

  /// A photo's link-preview copy (`ImageJob.share`), by its absolute URL.
  package struct Image: Sendable, Hashable, Encodable {
    package var src: String
    package var type: String
    package var width: Int
    package var height: Int
    /// The photo's caption; nil when it has none.
    package var alt: String?
  }

  package init(title: String, description: String, url: String?, image: Image?) {
    self.title = title
    self.description = Self.describe(description)
    self.url = url
    self.image = image
    card = Self.card(image)
  }

  /// Sets the description, cut short as crawlers would cut it anyway.
  package mutating func describe(_ text: String) {
    description = Self.describe(text)
  }

  private static func describe(_ text: String) -> String { Text.short(text, limit: 200) }

  private static func card(_ image: Image?) -> String { image == nil ? "summary" : "summary_large_image" }
}
