/// Checked values for a new cat: every field is present but the photo.
/// Made only by `CatValidator`; `_id` is given when the cat is stored.
struct NewCat: Sendable, Hashable {
  var name: String
  var owner: String
  var breedID: String
  var born: CalendarDate
  var weight: CatWeight
  var rating: Int
  var photo: CatPhoto

  /// The same values as an edit that sets every field.
  var changes: CatChanges {
    CatChanges(
      name: name, owner: owner, breedID: breedID, born: born, weight: weight, rating: rating, photo: photo)
  }
}
