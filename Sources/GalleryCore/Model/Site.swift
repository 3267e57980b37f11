import Foundation

/// The validated, linked site: what the Model stage hands to Plan.
package struct Site: Sendable {
  package var config: SiteConfig
  package var breeds: [Breed] = []
  package var cats: [Cat] = []
  package var facts: [Fact] = []
  /// When facts.json last changed (seconds since 1970), if known.
  package var factsModified: Double?
  /// The top-level albums, in menu order: the parks, the categories, a
  /// previewed folder. Each is a tree; Plan renders every album in it.
  package var albums: [Album] = []
  /// Photo credits and licences, shown on their own page.
  var credits: Note?
  /// Every photo some page shows, by `Photo.id`.
  package var photos: [String: Photo] = [:]
  /// The clips of the Live Photos some page shows, by `Photo.id`: each is
  /// made into web video like any clip, but needs no poster (its still is
  /// one) and has no page.
  package var liveClips: [String: Photo] = [:]
  /// The photos in content/photos/ no page uses (paths below it), each also
  /// a warning; empty when an input failed to parse.
  package var unusedPhotos: Set<String> = []
  package var templates: [String: Data] = [:]
  /// When the site was built; used for ages, never written into pages.
  package var now: Date

  package init(config: SiteConfig, now: Date) {
    self.config = config
    self.now = now
  }
}

/// A local image under content/photos/ that derivatives are made from.
package struct Photo: Sendable, Hashable {
  /// Path below content/photos/ (also its identity).
  package var id: String
  /// Where messages say it is (`content/photos/a.jpg`).
  package var file: String
  /// Where it is read from (absolute).
  package var path: String
  package var hash: String
  package var header: ImageHeader
  /// File name without extension, slugged; derivative names start with it.
  package var stem: String
  /// What the file says about itself; private fields are never published
  /// unless site.yml opts them in.
  @Boxed package var metadata = MediaMetadata()
  /// Whom the page credits for the photo (an API whose terms ask for it).
  @Boxed var credit: Credit? = nil
  /// For a video: the clip, whose poster is this photo (`path` is the clip's).
  @Boxed package var clip: Clip? = nil
  /// The file's modification time (seconds since 1970), when it was read:
  /// the feed's date for a photo that says nothing of when it was taken.
  package var modified: Double? = nil

  package struct Credit: Sendable, Hashable {
    package var name: String
    package var url: String
  }
}

package struct Breed: Sendable {
  package struct Rating: Sendable, Hashable {
    package var key: String
    package var label: String
    /// nil when the data has no value: shown as "Unknown", never as 0.
    package var value: Int?
  }

  package struct Flag: Sendable, Hashable {
    package var key: String
    package var label: String
    package var value: Bool
  }

  package struct Link: Sendable, Hashable {
    package var label: String
    package var url: String
  }

  package var id: String
  package var name: String
  package var slug: String
  package var description: String?
  var temperament: [String]
  package var origin: String?
  var countryCodes: [String]
  var altNames: [String]
  var lifeSpan: String?
  var weightMetric: String?
  var weightImperial: String?
  package var ratings: [Rating]
  var flags: [Flag]
  var links: [Link]
  /// Local photos from content/photos/breeds/<id>/ (fetched ones first, in
  /// the API's order, then by name), as an album the breed's page shows.
  package var album: Album
  /// The Cat API image shown when there are no local photos.
  var remoteImage: String?
  var notes: Note?
  var pageOrigin: PageOrigin? = nil
}

/// Markdown notes for a breed, front matter split off.
package struct Note: Sendable {
  package var file: String
  var frontMatter: [String: String]
  var markdown: String
  /// Line of the first Markdown line in the file, for error positions.
  var firstLine: Int

  package init(file: String, frontMatter: [String: String], markdown: String, firstLine: Int) {
    self.file = file
    self.frontMatter = frontMatter
    self.markdown = markdown
    self.firstLine = firstLine
  }
}

package struct Cat: Sendable {
  package var id: String?
  package var name: String
  package var owner: String
  package var breedID: String
  package var breedName: String
  package var birthDate: Date
  package var weightKg: Double
  package var rating: Int
  package var picture: CatPicture
  /// URL segment of the cat's page: its `_id`, so a rename keeps the URL; the
  /// name and owner only for a cat without one. Slugged either way.
  package var slug: String
  /// Its position in cats.json, from 0: how an editor finds a cat without `_id`.
  package var record = 0
  var pageOrigin: PageOrigin? = nil
}

package struct Fact: Sendable {
  package var text: String
  package var slug: String
  /// A photo shown behind the text on the fact's page.
  @Boxed var background: Photo? = nil
  var pageOrigin: PageOrigin? = nil
}
