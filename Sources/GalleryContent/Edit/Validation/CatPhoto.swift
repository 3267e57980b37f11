/// A cat's photo as a person gives it: none, a web address, a file on their
/// computer to copy into the site, or the name of a photo already in
/// `content/photos/` (what `photoUrl` holds for a local photo).
package enum CatPhoto: Sendable, Hashable {
  case none
  /// An https URL, stored as given.
  case remote(String)
  /// A path to a local image file; it must be copied into
  /// `content/photos/cats/` and become `.named` before it can be stored.
  case localFile(String)
  /// The name of a photo in `content/photos/`, stored as `photoUrl`.
  case named(String)

  /// What `photoUrl` holds for this photo: nil for none (no key), and nil for
  /// a local file, which has no name until it is copied.
  var storedValue: String? {
    switch self {
    case .none, .localFile: nil
    case .remote(let url): url
    case .named(let name): name
    }
  }
}
