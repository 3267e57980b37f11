import Foundation

/// The validated, linked site: what the Model stage hands to Plan.
public struct Site: Sendable {
  public var config: SiteConfig
  public var parks: [Park] = []
  public var categories: [Category] = []
  public var breeds: [Breed] = []
  public var cats: [Cat] = []
  public var facts: [Fact] = []
  /// Photo credits and licences, shown on their own page.
  public var credits: Note?
  /// Every photo some page shows, by `Photo.id`.
  public var photos: [String: Photo] = [:]
  public var templates: [String: Data] = [:]
  /// When the site was built; used for ages, never written into pages.
  public var now: Date

  public init(config: SiteConfig, now: Date) {
    self.config = config
    self.now = now
  }
}

/// A local image under content/photos/ that derivatives are made from.
public struct Photo: Sendable, Hashable {
  /// Path below content/photos/ (also its identity).
  public var id: String
  /// Where messages say it is (`content/photos/a.jpg`).
  public var file: String
  /// Where it is read from (absolute).
  public var path: String
  public var hash: String
  public var header: ImageHeader
  /// File name without extension, slugged; derivative names start with it.
  public var stem: String
  /// Allow-listed EXIF values by `ExifField` raw value; empty unless site.yml asks.
  public var exif: [String: String] = [:]
}

/// A photo placed in a section, with the caption shown beside it.
public struct PlacedPhoto: Sendable, Hashable {
  public var photo: Photo
  public var caption: String
  /// URL segment of the photo's own page within its section.
  public var slug: String
}

public struct Park: Sendable {
  public var name: String
  public var slug: String
  public var photos: [PlacedPhoto]
}

public struct Category: Sendable {
  public var title: String
  public var slug: String
  public var description: String?
  public var photos: [PlacedPhoto]

  /// The description, or the photo count when there is none ("3 photos").
  public var subtitle: String { description ?? Text.count(photos.count, "photo") }
}

public struct Breed: Sendable {
  public struct Rating: Sendable, Hashable {
    public var key: String
    public var label: String
    /// nil when the data has no value: shown as "Unknown", never as 0.
    public var value: Int?
  }

  public struct Flag: Sendable, Hashable {
    public var key: String
    public var label: String
    public var value: Bool
  }

  public struct Link: Sendable, Hashable {
    public var label: String
    public var url: String
  }

  public var id: String
  public var name: String
  public var slug: String
  public var description: String?
  public var temperament: [String]
  public var origin: String?
  public var countryCodes: [String]
  public var altNames: [String]
  public var lifeSpan: String?
  public var weightMetric: String?
  public var weightImperial: String?
  public var ratings: [Rating]
  public var flags: [Flag]
  public var links: [Link]
  /// Local photos from content/photos/breeds/<id>/, in name order.
  public var photos: [Photo]
  /// The Cat API image shown when there are no local photos.
  public var remoteImage: String?
  public var notes: Note?
}

/// Markdown notes for a breed, front matter split off.
public struct Note: Sendable {
  public var file: String
  public var frontMatter: [String: String]
  public var markdown: String
  /// Line of the first Markdown line in the file, for error positions.
  public var firstLine: Int
}

public struct Cat: Sendable {
  public var id: String?
  public var name: String
  public var owner: String
  public var breedID: String
  public var breedName: String
  public var birthDate: Date
  public var weightKg: Double
  public var rating: Int
  public var picture: CatPicture
  public var slug: String
}

public struct Fact: Sendable {
  public var text: String
  public var slug: String
  /// A photo shown behind the text on the fact's page.
  public var background: Photo?
}
