/// View models: everything a template shows, computed in Swift so templates
/// only place values. Field names are the template's vocabulary.

/// What every page's layout needs.
package struct PageContext: Sendable, Hashable, Encodable {
  struct NavItem: Sendable, Hashable, Encodable {
    package var title: String
    package var href: String
    package var current: Bool
    var icon: String
  }

  package var title: String
  var siteTitle: String
  package var description: String
  var lang: String
  /// Relative prefix from this page to the site root ("", "../", "../../").
  package var root: String
  package var canonical: String?
  var nav: [NavItem]
  /// Names the page kind for CSS and scripts (`data-kind`).
  package var kind: String
  var isHome: Bool
  /// Link to the photo credits page, when the site has one.
  var credits: String?
  /// The breadcrumb: the page of the kind's parent (`PageKind.Row.parent`).
  package var parent: Link? = nil
}

/// A photo in a list or grid, linking to its own page.
struct PhotoItem: Sendable, Hashable, Encodable {
  package var id: String
  package var caption: String
  package var href: String
  package var thumb: ResponsiveImage
  package var index: Int
  /// The caption form, under `serve` only.
  var editCaption: String? = nil
}

package struct Link: Sendable, Hashable, Encodable {
  package var title: String
  package var href: String

  package init(title: String, href: String) {
    self.title = title
    self.href = href
  }
}

struct SectionCard: Sendable, Hashable, Encodable {
  package var title: String
  var subtitle: String
  package var href: String
  var cover: ResponsiveImage?
}

struct HomeModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  var sections: [SectionCard]
}

struct PhotoSection: Sendable, Hashable, Encodable {
  package var id: String
  package var title: String
  package var count: String
  package var href: String?
  package var photos: [PhotoItem]
}

struct ParksModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  var sections: [PhotoSection]
}

struct PhotoPageModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var id: String
  package var caption: String
  package var section: Link
  package var picture: ResponsiveImage
  /// The square thumbnail the saved page shows when this photo is saved here.
  package var thumb: ResponsiveImage?
  package var position: String
  /// Allow-listed EXIF rows (camera, lens, exposure, date); empty by default.
  package var exif: [FactRow]
  package var previous: Link?
  package var next: Link?
  /// The caption form, under `serve` only.
  var editCaption: String? = nil
}

struct CategoryItem: Sendable, Hashable, Encodable {
  package var title: String
  var subtitle: String
  package var href: String
  var cover: ResponsiveImage?
  var search: String
}

struct CategoriesModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var categories: [CategoryItem]
}

struct CategoryModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var section: PhotoSection
  var subtitle: String
}

/// A photo shown large on a breed's or a cat's page that opens in the lightbox and
/// can be saved like a park photo. `id` names it in the URL (`#photo=<id>`) and in
/// the saved list; `thumb` is the square thumbnail the saved page shows.
struct PagePhoto: Sendable, Hashable, Encodable {
  package var id: String
  package var caption: String
  package var picture: ResponsiveImage
  package var thumb: ResponsiveImage
}

struct BreedItem: Sendable, Hashable, Encodable {
  package var name: String
  package var origin: String
  package var href: String
  package var thumb: ResponsiveImage?
  package var remote: String?
  var search: String
}

struct BreedsModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var breeds: [BreedItem]
}

struct RatingItem: Sendable, Hashable, Encodable {
  package var label: String
  package var known: Bool
  package var value: Int
  package var text: String
}

struct FactRow: Sendable, Hashable, Encodable {
  package var label: String
  package var value: String
}

struct CatItem: Sendable, Hashable, Encodable {
  package var name: String
  package var owner: String
  /// The breed's page; nil when breeds.json lacks the breed.
  package var breed: Link?
  package var breedName: String
  package var weight: String
  var stars: String
  var ratingText: String
  var age: String
  package var born: String
  var bornISO: String
  package var href: String
  package var thumb: ResponsiveImage?
  package var remote: String?
  var search: String
}

struct BreedModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var name: String
  var altNames: String?
  package var description: String?
  var temperament: [String]
  package var facts: [FactRow]
  package var ratings: [RatingItem]
  var flags: [FactRow]
  var links: [Link]
  var notes: String?
  var notesTitle: String?
  var notesAuthor: String?
  package var photos: [PagePhoto]
  var hasManyPhotos: Bool
  package var remote: String?
  package var cats: [CatItem]
  /// Sources to credit for the photos, with a link back (The Cat API asks for one).
  var credits: [Link] = []
}

struct CatsModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var cats: [CatItem]
  /// The form that adds a cat, under `serve` only.
  package var add: String? = nil
}

/// What a cat's page says about the cat's breed, as the cats app's detail screen did;
/// a nil description or an empty temperament is shown as "Unknown".
struct CatBreedModel: Sendable, Hashable, Encodable {
  package var name: String
  /// The breed's page; nil when breeds.json lacks the breed.
  package var href: String?
  package var description: String?
  var temperament: [String]
  /// The breed's first local photo as a square thumbnail, else its remote image.
  package var thumb: ResponsiveImage?
  package var remote: String?
}

struct CatModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var cat: CatItem
  var aboutBreed: CatBreedModel
  /// The cat's own photo, when it is a local one; its id is the cat's page.
  package var photo: PagePhoto?
  /// The forms that edit and remove the cat, under `serve` only.
  package var edit: String? = nil
  package var remove: String? = nil
}

struct FactItem: Sendable, Hashable, Encodable {
  package var id: String
  package var text: String
  package var href: String
}

struct FactsModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  package var facts: [FactItem]
}

struct FactModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  var fact: FactItem
  var background: ResponsiveImage?
  package var previous: Link?
  package var next: Link?
}

struct PlainModel: Sendable, Hashable, Encodable {
  package var page: PageContext
}

struct ArticleModel: Sendable, Hashable, Encodable {
  package var page: PageContext
  /// HTML rendered from Markdown by libcmark in safe mode.
  package var html: String
}
