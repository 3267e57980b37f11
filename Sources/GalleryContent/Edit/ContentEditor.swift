import Foundation
import GalleryCore

/// The edits `catgallery cats …` and `catgallery caption` make, over the
/// validation table and the minimal-change stores: read the site's breeds
/// and cats as the build does, check the values, write the one file
/// conditionally on the bytes read. A refusal (`EditRefusal`) is the
/// diagnostics to print; the file is then untouched.
public struct ContentEditor: Sendable {
  /// One owned cat as `cats list` shows it.
  public struct CatRow: Sendable, Hashable, Encodable {
    /// `_id`, else the slug of its page: what `cats edit` and `cats remove` take.
    public var id: String
    package var slug: String
    public var name: String
    public var owner: String
    public var breed: String
    package var breedId: String
    public var born: String
    public var weightKg: String
    public var rating: Int
    public var photo: String?
  }

  package let root: String
  package let fileSystem: FileSystem
  package let codec: ImageCodec
  package let now: Date
  /// Hosts besides the documented API hosts that the restdb key may be sent
  /// to (`--allow-key-host`; see `KeyPolicy`).
  public var allowedKeyHosts: [String] = []

  public init(siteRoot: String, fileSystem: FileSystem, codec: ImageCodec, now: Date = Date()) {
    self.root = siteRoot
    self.fileSystem = fileSystem
    self.codec = codec
    self.now = now
  }

  package static let catsFile = "content/cats.json"

  public func listCats() throws(EditRefusal) -> [CatRow] {
    rows(try load())
  }

  package func rows(_ site: Loaded) -> [CatRow] {
    site.cats.map { cat in
      // As the file says it (a photo's name or a URL): the editor reads no photo.
      var photo: String?
      if case .string(let value)? = site.records[safe: cat.record]?["photoUrl"]?.value { photo = value }
      return CatRow(
        id: cat.id ?? cat.slug, slug: cat.slug, name: cat.name, owner: cat.owner, breed: cat.breedName,
        breedId: cat.breedID, born: Dates.day(cat.birthDate), weightKg: String(format: "%.1f", cat.weightKg),
        rating: cat.rating, photo: photo)
    }
  }

  /// Adds a cat from field values (`name`, `owner`, `breed`, `born`, `weight`,
  /// `rating`, optional `photo`); returns its new `_id`. With `sources.restdb`
  /// in site.yml the cat goes to restdb first and the `_id` is restdb's.
  public func addCat(_ values: [String: String]) async throws(EditRefusal) -> String {
    try await addCat(values, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Changes only the fields given of the cat `id` (its `_id` or page slug);
  /// through restdb first when site.yml names it. When that replaces or
  /// drops the cat's photo and no page uses it any more, it goes if
  /// catgallery copied it in (`PhotoCopies`): returns what became of it.
  @discardableResult
  public func editCat(_ id: String, _ values: [String: String]) async throws(EditRefusal) -> LeftPhoto? {
    try await editCat(id, values, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Removes the cat `id`; from restdb first when site.yml names it. Its
  /// photo goes too when no page uses it any more and catgallery copied it
  /// in (`PhotoCopies`); returns what became of that photo.
  @discardableResult
  public func removeCat(_ id: String) async throws(EditRefusal) -> LeftPhoto? {
    try await removeCat(id, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Sets the caption of the parks.plist photo `name` (an ambiguous name lists the candidates).
  public func caption(_ name: String, _ caption: String) throws(EditRefusal) {
    try checkCache()
    do { try captionStore.setCaption(caption, ofPhotoNamed: name) } catch { throw EditRefusal(error) }
  }

  /// Refuses to edit a site whose cache leads out of it through a link, as
  /// every command that writes does (`FileSystem.checkSiteCache`): each
  /// edit, from the command line or a form, and a form's upload staging.
  package func checkCache() throws(EditRefusal) {
    do throws(DiagnosticsError) { try fileSystem.checkSiteCache(root) } catch {
      throw EditRefusal(error.diagnostics)
    }
  }
}
