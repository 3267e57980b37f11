/// What the photo manifest (content/photos/SOURCES.json) tells the model:
/// the local copy of a remote photo URL, the order a source listed a breed's
/// photos in (its cover first), and whom to credit.
package struct FetchedPhotos: Sendable {
  private var byURL: [String: String] = [:]
  private var rank: [String: Int] = [:]
  private var sources: [String: String] = [:]

  package init(_ manifest: PhotoManifest = PhotoManifest()) {
    for (index, entry) in manifest.photos.enumerated() {
      byURL[entry.url] = byURL[entry.url] ?? entry.file
      rank[entry.file.lowercased()] = rank[entry.file.lowercased()] ?? index
      sources[entry.file.lowercased()] = entry.source
    }
  }

  /// The path below content/photos/ of the downloaded copy of `url`.
  package func localFile(for url: String) -> String? { byURL[url] }

  /// `photos` with the fetched ones first, in the order their source listed
  /// them; the rest keep their order after them.
  func ordered(_ photos: [PhotoFile]) -> [PhotoFile] {
    photos.enumerated().sorted { a, b in
      let left = rank[a.element.relativePath.lowercased()] ?? Int.max
      let right = rank[b.element.relativePath.lowercased()] ?? Int.max
      return left != right ? left < right : a.offset < b.offset
    }.map(\.element)
  }

  /// The credit a page owes for the photo at `relativePath`, if its source asks for one.
  func credit(for relativePath: String) -> Photo.Credit? {
    sources[relativePath.lowercased()].flatMap(PhotoManifest.credit(for:)).map {
      Photo.Credit(name: $0.name, url: $0.url)
    }
  }
}
