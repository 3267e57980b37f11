import Foundation
import GalleryCore

/// A restdb.io collection of owned cats: `GET <collection URL>?skip=S&max=M`
/// with the `x-apikey` header, page after page until an empty one (a server
/// may answer fewer than `max` records a page, so a short page is not the
/// end; each page's `skip` is the number of records so far). Records
/// are kept whole, restdb's own `_`-fields included (the loader ignores
/// them), and each https `photoUrl` becomes a photo to download.
struct RestDBFetch: Sendable {
  let source: FetchSources.RestDB
  let key: String?
  let client: FetchClient
  static let pageSize = 100
  /// 1,000 pages of 100 records: far beyond any cat collection, short of forever.
  static let maxPages = 1000

  private var headers: [HTTPHeader] {
    key.map { [.secret("x-apikey", $0, from: source.keyVariable)] } ?? []
  }

  func url(skip: Int) -> URL {
    source.url.appending(queryItems: [
      URLQueryItem(name: "skip", value: String(skip)), URLQueryItem(name: "max", value: String(Self.pageSize)),
    ])
  }

  /// Every record, as one array node; checked as cats.json would be, against
  /// `breeds` (when any are known; `breedsFile` says where they came from)
  /// and the names of the photos in content/photos/. Cats of breeds not
  /// among `breeds` are one error that says to fetch the breeds first, not
  /// one a cat. Warnings are left to the build, which reports them at
  /// content/cats.json.
  func cats(breeds: [Breed]?, breedsFile: String = "content/breeds.json", photos: [PhotoFile])
    async throws(FetchProblem) -> Node
  {
    var records: [Node] = []
    let firstURL = url(skip: 0)
    var total = 0
    var ids: Set<String> = []
    var ended = false
    for _ in 0..<Self.maxPages {
      let pageURL = url(skip: records.count)
      let (page, response) = try await client.json(pageURL, headers: headers)
      try FetchClient.count(response, into: &total, collection: source.url)
      let items = try FetchedJSON.array(page, in: pageURL, what: "records")
      if items.isEmpty {
        ended = true
        break
      }
      var added = false
      for (index, item) in items.enumerated() {
        guard item.isDictionary else {
          throw .response(pageURL, "expected a record (an object), found \(item.kindDescription)", path: "$[\(index)]")
        }
        if case .string(let id)? = item["_id"]?.value { added = ids.insert(id).inserted || added } else { added = true }
      }
      // A server that ignores `skip` would answer the same page for ever.
      guard added else {
        throw .response(pageURL, "the page repeats records already received (does the server ignore skip?)")
      }
      records += items
    }
    guard ended else {
      throw .response(
        firstURL, "the collection goes on past \(Self.maxPages) pages; fetch stops rather than page for ever")
    }
    let node = Node(.array(records), at: SourceLocation(file: NetworkRequest.redacted(firstURL)))
    var collector = DiagnosticCollector()
    var resolver = PhotoResolver(photos: photos)
    let unknown = breeds.map { Self.unknownBreeds(records, known: Set($0.map(\.id))) } ?? []
    _ = SiteBuilder(now: Date()).cats(
      node, breeds: breeds ?? [], checksBreeds: breeds != nil && unknown.isEmpty, resolver: &resolver,
      diagnostics: &collector)
    if !unknown.isEmpty {
      collector.list.append(unknownBreedsError(unknown, cats: records.count, breedsFile: breedsFile))
    }
    try FetchedJSON.check(collector)
    return node
  }

  /// The `breedId` of each record whose breed is not in `known`, in order.
  static func unknownBreeds(_ records: [Node], known: Set<String>) -> [String] {
    records.compactMap { record in
      guard case .string(let breed)? = record["breedId"]?.value, !known.contains(breed) else { return nil }
      return breed
    }
  }

  /// One error for every cat whose breed is missing: the fix is the same
  /// for all of them (fetch the breeds), so a line a cat would only bury it.
  func unknownBreedsError(_ unknown: [String], cats: Int, breedsFile: String) -> Diagnostic {
    var distinct: [String] = []
    for breed in unknown where !distinct.contains(breed) { distinct.append(breed) }
    let shown = distinct.prefix(5).map { "\"\(Text.short($0))\"" }.joined(separator: ", ")
    let more = distinct.count > 5 ? " and \(distinct.count - 5) more" : ""
    let fromDisk = breedsFile == "content/breeds.json"
    return .error(
      "\(unknown.count) of \(cats) cats name a breed that \(fromDisk ? "content/breeds.json" : "The Cat API's breeds") "
        + "does not list (breedId \(shown)\(more)); "
        + (fromDisk
          ? "fetch the breeds first: add sources.thecatapi to content/site.yml and run "
            + "`catgallery fetch --only breeds`, then fetch the cats"
          : "the restdb collection and The Cat API disagree; fix the cats' breedId in restdb"),
      at: SourceLocation(file: fromDisk ? breedsFile : NetworkRequest.redacted(source.url)))
  }

  /// The photos of `cats` to download: every `photoUrl` the network rules allow.
  static func photos(in cats: Node, warnings: inout [Diagnostic]) -> [RemotePhoto] {
    var photos: [RemotePhoto] = []
    for (index, record) in (cats.array ?? []).enumerated() {
      guard case .string(let address)? = record["photoUrl"]?.value, address.contains("://") else { continue }
      guard let url = URL(string: address), URLPolicy.refusal(for: url) == nil else {
        warnings.append(
          .warning(
            "photoUrl of cat \(index + 1) is not https; not downloaded (the page shows a placeholder)",
            at: record["photoUrl"]?.location))
        continue
      }
      let id: String
      if case .string(let recordID)? = record["_id"]?.value, !recordID.isEmpty {
        id = recordID
      } else if case .string(let name)? = record["catName"]?.value {
        id = name
      } else {
        id = "cat-\(index + 1)"
      }
      photos.append(RemotePhoto(folder: "cats", id: id, source: "restdb", url: url))
    }
    return photos
  }
}
