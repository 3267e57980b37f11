/// Checked values for an edit of a cat: each non-nil field replaces the
/// cat's value, each nil one leaves it alone. Made only by `CatValidator`.
package struct CatChanges: Sendable, Hashable {
  package var name: String?
  package var owner: String?
  package var breedID: String?
  package var born: CalendarDate?
  package var weight: CatWeight?
  package var rating: Int?
  /// `.none` removes the cat's photo.
  package var photo: CatPhoto?

  package var isEmpty: Bool { self == CatChanges() }
}
