/// What an owned cat's `photoUrl` names: one of the site's own photos, a
/// remote https image, or nothing usable (a placeholder is shown).
package enum CatPicture: Sendable, Hashable {
  case local(MediaItem)
  case remote(String)
  case none
}
