/// The view model of one image: a `<picture>` with one `<source>` per modern
/// format, an `<img>` fallback with srcset and sizes, and what the lightbox needs.
package struct ResponsiveImage: Sendable, Hashable, Encodable {
  package struct Source: Sendable, Hashable, Encodable {
    package var type: String
    var srcset: String
  }

  package var sources: [Source]
  var src: String
  var srcset: String
  var sizes: String?
  package var width: Int
  package var height: Int
  package var alt: String
  package var lazy: Bool
  /// `fetchpriority="high"`: the page's main photo (its largest paint), which a display
  /// image loaded at once is.
  var priority = false
  /// Mean colour of the photo, shown until it loads.
  package var placeholder: Placeholder
  /// The largest display derivative, for the lightbox and "view full size".
  package var full: String
  var fullWidth: Int
  var fullHeight: Int
  /// The display ladder (fallback format) for the lightbox to choose from.
  var fullSrcset: String
  /// The photo's own file name without its extension (`IMG_0001`), which the
  /// lightbox's download gives the published file before that file's extension.
  var name = ""

  /// How many thumbnails, counted down a page, load at once: what a phone's
  /// first screen (390×844) shows of a list under its section's head, or of
  /// an album's cards. Every later one is `loading="lazy"`, which a larger
  /// screen's further thumbnails only delay until the page is laid out.
  static let firstScreen = 6
  /// The same for an album's cards, two rows of two on a phone.
  static let firstCards = 4
  /// `sizes` of an album's items drawn as a list (site.css `.items img`: 4.5rem,
  /// 6rem from 40em) and as the square grid (`.view.is-grid`: columns of at
  /// least 6.5rem, three or more from 22.5em; from 40em of at least 10rem, or
  /// 8rem in a wide screen's sections, and then never over 13rem); views.js
  /// sets the one of the view the reader switches to.
  static let listSizes = "(min-width: 40em) 6rem, 4.5rem"
  static let gridSizes = "(min-width: 40em) 13rem, (min-width: 22.5em) 34vw, 50vw"
}
