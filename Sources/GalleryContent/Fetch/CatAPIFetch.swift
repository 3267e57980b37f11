import Foundation
import GalleryCore

/// The Cat API: `GET /breeds`, then for each breed its reference image
/// (`GET /images/{id}`, so the cover is stable) and more photos from
/// `GET /images/search`, paged by the `Pagination-*` headers.
struct CatAPIFetch: Sendable {
  let source: FetchSources.CatAPI
  /// The key from the environment variable the source names, if set.
  let key: String?
  let client: FetchClient
  var photosPerBreed: Int { source.photosPerBreed }

  /// A breed as far as photos are concerned.
  struct BreedRef: Sendable, Hashable {
    var id: String
    var referenceImage: String?
  }

  private var headers: [HTTPHeader] {
    key.map { [.secret("x-api-key", $0, from: source.keyVariable)] } ?? []
  }

  /// The breeds document, checked by the model's own reading of breeds.json.
  func breeds() async throws(FetchProblem) -> (node: Node, breeds: [BreedRef]) {
    let url = source.baseURL.appending(path: "breeds")
    let node = try await document(url)
    let items = try FetchedJSON.array(node, in: url, what: "breeds")
    var diagnostics = DiagnosticCollector()
    var resolver = PhotoResolver(photos: [])
    _ = SiteBuilder(now: Date()).breeds(node, photos: [], resolver: &resolver, diagnostics: &diagnostics)
    try FetchedJSON.check(diagnostics)
    let refs = items.map { item in
      let reference = item["reference_image_id"].flatMap { node -> String? in
        if case .string(let id) = node.value, !id.isEmpty { return id }
        return nil
      }
      // The model checked every id above.
      guard case .string(let id)? = item["id"]?.value else { return BreedRef(id: "", referenceImage: nil) }
      return BreedRef(id: id, referenceImage: reference)
    }
    return (node, refs)
  }

  /// Up to `photosPerBreed` photos of `breed`: its reference image first
  /// (the cover), then the others by id. The search answers the same photos
  /// in a different order from one call to the next, the reference image
  /// among them; in the API's order every run would list, and so write,
  /// the same photos anew.
  func photos(of breed: BreedRef) async throws(FetchProblem) -> [RemotePhoto] {
    guard photosPerBreed > 0 else { return [] }
    var photos: [RemotePhoto] = []
    var seen: Set<String> = []
    if let reference = breed.referenceImage {
      let url = source.baseURL.appending(path: "images").appending(path: reference)
      let node = try await document(url)
      photos.append(try photo(node, breed: breed.id, url: url, path: "$"))
      seen.insert(reference)
    }
    let covers = photos.count
    var page = 0
    while photos.count < photosPerBreed {
      let url = searchURL(breed: breed.id, page: page)
      let (node, response) = try await client.json(url, headers: headers)
      let items = try FetchedJSON.array(node, in: url, what: "images")
      for (index, item) in items.enumerated() where photos.count < photosPerBreed {
        let photo = try photo(item, breed: breed.id, url: url, path: "$[\(index)]")
        if seen.insert(photo.id).inserted { photos.append(photo) }
      }
      page += 1
      guard Self.hasPage(page, after: response, returned: items.count, limit: photosPerBreed), page < 10 else { break }
    }
    return Array(photos.prefix(covers)) + photos.dropFirst(covers).sorted { $0.id < $1.id }
  }

  /// `/images/search?breed_ids=ID&limit=N&page=P&order=ASC`: ascending, so
  /// the same photos come back each time (with a key; without one the API
  /// returns random images).
  func searchURL(breed: String, page: Int) -> URL {
    source.baseURL.appending(path: "images").appending(path: "search").appending(queryItems: [
      URLQueryItem(name: "breed_ids", value: breed), URLQueryItem(name: "limit", value: String(photosPerBreed)),
      URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "order", value: "ASC"),
    ])
  }

  /// Whether page `next` exists: by `Pagination-Count` when the API sends
  /// it, else while pages come back full.
  static func hasPage(_ next: Int, after response: NetworkResponse, returned: Int, limit: Int) -> Bool {
    guard returned > 0 else { return false }
    if let count = response.value(of: "Pagination-Count").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
      // Bounded before multiplying: a hostile header must not overflow the check.
      let pageLimit = min(max(response.value(of: "Pagination-Limit").flatMap { Int($0) } ?? limit, 0), 1000)
      return pageLimit > 0 && next < 1000 && next * pageLimit < count
    }
    return returned >= limit
  }

  private func photo(_ node: Node, breed: String, url: URL, path: String) throws(FetchProblem) -> RemotePhoto {
    let id = try FetchedJSON.string("id", of: node, in: url, path: path)
    let address = try FetchedJSON.string("url", of: node, in: url, path: path)
    guard let imageURL = URL(string: address), URLPolicy.refusal(for: imageURL) == nil else {
      throw .response(url, "image url \"\(address.prefix(120))\" is not an https URL", path: "\(path).url")
    }
    return RemotePhoto(folder: "breeds/\(breed)", id: id, source: "thecatapi", url: imageURL)
  }

  private func document(_ url: URL) async throws(FetchProblem) -> Node {
    try await client.json(url, headers: headers).node
  }
}
