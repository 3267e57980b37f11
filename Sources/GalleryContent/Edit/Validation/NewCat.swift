/// Checked values for a new cat: every field is present but the photo.
/// Made only by `CatValidator`; `_id` is given when the cat is stored.
package struct NewCat: Sendable, Hashable {
  package var name: String
  package var owner: String
  package var breedID: String
  package var born: CalendarDate
  package var weight: CatWeight
  package var rating: Int
  package var photo: CatPhoto

  /// The same values as an edit that sets every field.
  package var changes: CatChanges {
    CatChanges(
      name: name, owner: owner, breedID: breedID, born: born, weight: weight, rating: rating, photo: photo)
  }
}
