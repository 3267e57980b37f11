/// The mark beside the site's title and in the browser's tab: the cat
/// theme's own on a site that `build` makes, a neutral camera on a previewed
/// folder, which is anyone's photos and says nothing about cats.
package enum SiteBrand: String, Sendable, Hashable {
  case cat, photos

  /// The symbol of `assets/icons.svg` shown beside the site's title.
  var icon: String {
    switch self {
    case .cat: "cat"
    case .photos: "camera"
    }
  }

  /// The page's icon, a file of the theme's `assets/`.
  var favicon: String {
    switch self {
    case .cat: "favicon.svg"
    case .photos: "favicon-photos.svg"
    }
  }
}
