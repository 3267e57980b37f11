/// The view models of the data pages: breeds, owned cats and facts, their
/// lists and their rows (the albums' and the shared ones are in ViewModels.swift).

struct BreedItem: Sendable, Hashable, Encodable {
  var name: String
  var origin: String
  var href: String
  var thumb: ResponsiveImage?
  var remote: String?
  var search: String
}

struct BreedsModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var breeds: [BreedItem]
  var pager: Pager? = nil
}

struct RatingItem: Sendable, Hashable, Encodable {
  var label: String
  var known: Bool
  var value: Int
  var text: String
}

struct FactRow: Sendable, Hashable, Encodable {
  var label: String
  var value: String
}

struct CatItem: Sendable, Hashable, Encodable {
  var name: String
  var owner: String
  /// The breed's page; nil when breeds.json lacks the breed.
  var breed: Link?
  var breedName: String
  var weight: String
  var stars: String
  var ratingText: String
  var age: String
  var born: String
  var bornISO: String
  var href: String
  var thumb: ResponsiveImage?
  var remote: String?
  var search: String
}

struct BreedModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var name: String
  var altNames: String?
  var description: String?
  var temperament: [String]
  var facts: [FactRow]
  var ratings: [RatingItem]
  var flags: [FactRow]
  var links: [Link]
  var notes: String?
  var notesTitle: String?
  var notesAuthor: String?
  var photos: [PagePhoto]
  var hasManyPhotos: Bool
  var remote: String?
  var cats: [CatItem]
  /// Sources to credit for the photos, with a link back (The Cat API asks for one).
  var credits: [Link] = []
}

struct CatsModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var cats: [CatItem]
  /// The form that adds a cat, under `serve` only.
  var add: String? = nil
  var pager: Pager? = nil
}

/// What a cat's page says about the cat's breed, as the cats app's detail screen did;
/// a nil description or an empty temperament is shown as "Unknown".
struct CatBreedModel: Sendable, Hashable, Encodable {
  var name: String
  /// The breed's page; nil when breeds.json lacks the breed.
  var href: String?
  var description: String?
  var temperament: [String]
  /// The breed's first local photo as a square thumbnail, else its remote image.
  var thumb: ResponsiveImage?
  var remote: String?
}

struct CatModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var cat: CatItem
  var aboutBreed: CatBreedModel
  /// The cat's own photo, when it is a local one; its id is the cat's page.
  var photo: PagePhoto?
  /// The forms that edit and remove the cat, under `serve` only.
  var edit: String? = nil
  var remove: String? = nil
}

struct FactItem: Sendable, Hashable, Encodable {
  var id: String
  var text: String
  var href: String
}

struct FactsModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var facts: [FactItem]
  var pager: Pager? = nil
  /// The number of the first fact shown, for a page after the first.
  var start = 1
}

struct FactModel: Sendable, Hashable, Encodable {
  var page: PageContext
  var fact: FactItem
  var background: ResponsiveImage?
  var previous: Link?
  var next: Link?
}
