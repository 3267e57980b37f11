import Foundation
import GalleryCore

/// The edits `catgallery cats …` and `catgallery caption` make, over the
/// validation table and the minimal-change stores: read the site's breeds
/// and cats as the build does, check the values, write the one file
/// conditionally on the bytes read. A failure is the lines to print; the
/// file is then untouched.
public struct ContentEditor: Sendable {
  /// One owned cat as `cats list` shows it.
  public struct CatRow: Sendable, Hashable, Encodable {
    /// `_id`, else the slug of its page: what `cats edit` and `cats remove` take.
    public var id: String
    public var slug: String
    public var name: String
    public var owner: String
    public var breed: String
    public var breedId: String
    public var born: String
    public var weightKg: String
    public var rating: Int
    public var photo: String?
  }

  /// Why an edit was refused, one printable line each.
  public struct Failure: Error, Sendable {
    /// What kind of refusal, for a server to answer with the matching status.
    public enum Kind: Sendable {
      /// A value breaks the rules (422).
      case invalid
      /// The file changed on disk since it was read (409).
      case conflict
      /// No such cat or photo (404).
      case notFound
      /// restdb refused the change or could not be reached (502).
      case remote
      /// The file cannot be read or written as it is (500).
      case other
    }

    public var lines: [String]
    public var kind = Kind.other
    /// The message for each refused field, by form control name
    /// (`CatField.rawValue`, `caption`), for a form to show next to it.
    public var fields: [String: String] = [:]

    public init(lines: [String], kind: Kind = .other, fields: [String: String] = [:]) {
      self.lines = lines
      self.kind = kind
      self.fields = fields
    }
  }

  package let root: String
  package let fileSystem: FileSystem
  package let codec: ImageCodec
  package let now: Date
  /// Hosts besides the documented API hosts that the restdb key may be sent
  /// to (`--allow-key-host`; see `KeyPolicy`).
  public var allowedKeyHosts: [String] = []

  public init(siteRoot: String, codec: ImageCodec, now: Date = Date()) {
    self.init(siteRoot: siteRoot, fileSystem: LocalFileSystem(), codec: codec, now: now)
  }

  package init(siteRoot: String, fileSystem: FileSystem, codec: ImageCodec, now: Date) {
    self.root = siteRoot
    self.fileSystem = fileSystem
    self.codec = codec
    self.now = now
  }

  package static let catsFile = "content/cats.json"

  public func listCats() throws(Failure) -> [CatRow] {
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
  public func addCat(_ values: [String: String]) async throws(Failure) -> String {
    try await addCat(values, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Changes only the fields given of the cat `id` (its `_id` or page slug);
  /// through restdb first when site.yml names it. When that replaces or
  /// drops the cat's photo and no page uses it any more, it goes if
  /// catgallery copied it in (`PhotoCopies`): returns what became of it.
  @discardableResult
  public func editCat(_ id: String, _ values: [String: String]) async throws(Failure) -> LeftPhoto? {
    try await editCat(id, values, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Removes the cat `id`; from restdb first when site.yml names it. Its
  /// photo goes too when no page uses it any more and catgallery copied it
  /// in (`PhotoCopies`); returns what became of that photo.
  @discardableResult
  public func removeCat(_ id: String) async throws(Failure) -> LeftPhoto? {
    try await removeCat(id, network: .live(allowingKeyHosts: allowedKeyHosts))
  }

  /// Sets the caption of the parks.plist photo `name` (an ambiguous name lists the candidates).
  public func caption(_ name: String, _ caption: String) throws(Failure) {
    try checkCache()
    do { try captionStore.setCaption(caption, ofPhotoNamed: name) } catch { throw Failure(error) }
  }

  /// Refuses to edit a site whose cache leads out of it through a link, as
  /// every command that writes does (`FileSystem.checkSiteCache`): each
  /// edit, from the command line or a form, and a form's upload staging.
  package func checkCache() throws(Failure) {
    do throws(DiagnosticsError) { try fileSystem.checkSiteCache(root) } catch {
      throw Failure(lines: error.diagnostics.map(\.description))
    }
  }
}

extension ContentEditor.Failure {
  package init(_ error: EditError) {
    switch error {
    case .invalid(let problems):
      self.init(
        lines: problems.map { "error: \($0)" }, kind: .invalid,
        fields: Dictionary(problems.map { ($0.field, $0.message) }) { first, _ in first })
    case .unreadable(_, let diagnostics): self.init(lines: diagnostics.map(\.description))
    case .changedOnDisk: self.init(lines: ["error: \(error)"], kind: .conflict)
    case .recordNotFound, .photoNotFound, .ambiguousPhoto: self.init(lines: ["error: \(error)"], kind: .notFound)
    default: self.init(lines: ["error: \(error)"])
    }
  }

  package init(_ line: String, kind: Kind = .other) {
    self.init(lines: [line], kind: kind)
  }

  /// A refused value of `field`: `line` is the message without `error: `.
  package init(_ field: CatField, _ message: String) {
    self.init(lines: ["error: " + message], kind: .invalid, fields: [field.rawValue: message])
  }
}
