/// The view model of one image: a `<picture>` with one `<source>` per modern
/// format, an `<img>` fallback with srcset and sizes, and what the lightbox needs.
struct ResponsiveImage: Sendable, Hashable, Encodable {
  struct Source: Sendable, Hashable, Encodable {
    var type: String
    var srcset: String
  }

  var sources: [Source]
  var src: String
  var srcset: String
  var sizes: String?
  var width: Int
  var height: Int
  var alt: String
  var lazy: Bool
  /// Mean colour of the photo, shown until it loads.
  var placeholder: Placeholder
  /// The largest display derivative, for the lightbox and "view full size".
  var full: String
  var fullWidth: Int
  var fullHeight: Int
  /// The display ladder (fallback format) for the lightbox to choose from.
  var fullSrcset: String
}
