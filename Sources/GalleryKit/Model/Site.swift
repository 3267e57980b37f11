import Foundation

/// The validated, linked site: what the Model stage hands to Plan.
struct Site: Sendable {
  var config: SiteConfig
  var parks: [Park] = []
  var categories: [Category] = []
  var breeds: [Breed] = []
  var cats: [Cat] = []
  var facts: [Fact] = []
  /// Photo credits and licences, shown on their own page.
  var credits: Note?
  /// Every photo some page shows, by `Photo.id`.
  var photos: [String: Photo] = [:]
  /// The photos in content/photos/ no page uses (paths below it), each also
  /// a warning; empty when an input failed to parse.
  var unusedPhotos: Set<String> = []
  var templates: [String: Data] = [:]
  /// When the site was built; used for ages, never written into pages.
  var now: Date

  init(config: SiteConfig, now: Date) {
    self.config = config
    self.now = now
  }
}

/// A local image under content/photos/ that derivatives are made from.
struct Photo: Sendable, Hashable {
  /// Path below content/photos/ (also its identity).
  var id: String
  /// Where messages say it is (`content/photos/a.jpg`).
  var file: String
  /// Where it is read from (absolute).
  var path: String
  var hash: String
  var header: ImageHeader
  /// File name without extension, slugged; derivative names start with it.
  var stem: String
  /// Allow-listed EXIF values by `ExifField` raw value; empty unless site.yml asks.
  var exif: [String: String] = [:]
  /// Whom the page credits for the photo (an API whose terms ask for it).
  var credit: Credit?

  struct Credit: Sendable, Hashable {
    var name: String
    var url: String
  }
}

/// A photo placed in a section, with the caption shown beside it.
struct PlacedPhoto: Sendable, Hashable {
  var photo: Photo
  var caption: String
  /// URL segment of the photo's own page within its section.
  var slug: String
  var pageOrigin: PageOrigin? = nil
}

struct Park: Sendable {
  var name: String
  var slug: String
  var photos: [PlacedPhoto]
  var pageOrigin: PageOrigin? = nil
}

struct Category: Sendable {
  var title: String
  var slug: String
  var description: String?
  var photos: [PlacedPhoto]
  var pageOrigin: PageOrigin? = nil

  /// The description, or the photo count when there is none ("3 photos").
  var subtitle: String { description ?? Text.count(photos.count, "photo") }
}

struct Breed: Sendable {
  struct Rating: Sendable, Hashable {
    var key: String
    var label: String
    /// nil when the data has no value: shown as "Unknown", never as 0.
    var value: Int?
  }

  struct Flag: Sendable, Hashable {
    var key: String
    var label: String
    var value: Bool
  }

  struct Link: Sendable, Hashable {
    var label: String
    var url: String
  }

  var id: String
  var name: String
  var slug: String
  var description: String?
  var temperament: [String]
  var origin: String?
  var countryCodes: [String]
  var altNames: [String]
  var lifeSpan: String?
  var weightMetric: String?
  var weightImperial: String?
  var ratings: [Rating]
  var flags: [Flag]
  var links: [Link]
  /// Local photos from content/photos/breeds/<id>/, in name order.
  var photos: [Photo]
  /// The Cat API image shown when there are no local photos.
  var remoteImage: String?
  var notes: Note?
  var pageOrigin: PageOrigin? = nil
}

/// Markdown notes for a breed, front matter split off.
struct Note: Sendable {
  var file: String
  var frontMatter: [String: String]
  var markdown: String
  /// Line of the first Markdown line in the file, for error positions.
  var firstLine: Int
}

struct Cat: Sendable {
  var id: String?
  var name: String
  var owner: String
  var breedID: String
  var breedName: String
  var birthDate: Date
  var weightKg: Double
  var rating: Int
  var picture: CatPicture
  /// URL segment of the cat's page: its `_id`, so a rename keeps the URL; the
  /// name and owner only for a cat without one. Slugged either way.
  var slug: String
  /// Its position in cats.json, from 0: how an editor finds a cat without `_id`.
  var record = 0
  var pageOrigin: PageOrigin? = nil
}

struct Fact: Sendable {
  var text: String
  var slug: String
  /// A photo shown behind the text on the fact's page.
  var background: Photo?
  var pageOrigin: PageOrigin? = nil
}
