/// The fields of an owned cat a person edits, in the order they are shown
/// and written. `rawValue` is the name of the form control and of the flag.
package enum CatField: String, Sendable, Hashable, CaseIterable {
  case name, owner, breed, born, weight, rating, photo

  /// The key in `cats.json` (restdb's collection schema).
  var jsonKey: String {
    switch self {
    case .name: "catName"
    case .owner: "ownerName"
    case .breed: "breedId"
    case .born: "birthDate"
    case .weight: "weightKg"
    case .rating: "rating"
    case .photo: "photoUrl"
    }
  }

  /// How messages name the field: the words a person reads next to the control.
  package var label: String {
    switch self {
    case .name: "name"
    case .owner: "owner"
    case .breed: "breed"
    case .born: "birth date"
    case .weight: "weight"
    case .rating: "rating"
    case .photo: "photo"
    }
  }
}
