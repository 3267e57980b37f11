/// Checked values for an edit of a cat: each non-nil field replaces the
/// cat's value, each nil one leaves it alone. Made only by `CatValidator`.
struct CatChanges: Sendable, Hashable {
  var name: String?
  var owner: String?
  var breedID: String?
  var born: CalendarDate?
  var weight: CatWeight?
  var rating: Int?
  /// `.none` removes the cat's photo.
  var photo: CatPhoto?

  var isEmpty: Bool { self == CatChanges() }
}
