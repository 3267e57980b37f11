import Foundation
import GalleryCore

/// Everything a run brought back before anything is written.
struct Gathered: Sendable {
  /// Files of content/ to hold exactly these bytes, by path from the root.
  var documents: [(file: String, data: Data)] = []
  /// Every photo the sources list, in page order (a breed's cover first).
  var photos: [RemotePhoto] = []
  /// Top folders below content/photos/ (`breeds`, `cats`) whose listing
  /// succeeded: there, the manifest's old photos no longer listed are
  /// removed, except in `failedFolders`, whose listing failed.
  var listedRoots: Set<String> = []
  var failedFolders: Set<String> = []
  var photoOutcomes: [PhotoDownloader.Outcome] = []
  var counts: [(noun: String, count: Int)] = []
}

extension ContentFetch {
  func gather(
    _ plan: FetchPlan, source: SiteSource, client: FetchClient, keepGoing: Bool, report: inout FetchReport
  ) async -> Gathered {
    var plan = plan
    var gathered = Gathered()
    // Cats are checked against the breeds fetched now, else those on disk, else alone.
    var breeds = source.breeds.map { modelBreeds($0) }
    var breedsFile = "content/breeds.json"
    var problems: [FetchProblem] = []
    if let catAPI = plan.catAPI {
      let api = CatAPIFetch(source: catAPI, key: plan.catAPIKey, client: client)
      do {
        let (node, refs) = try await api.breeds()
        if plan.parts.contains(.breeds) { gathered.documents.append(("content/breeds.json", JSONWriter.data(node))) }
        gathered.counts.append(("breeds", refs.count))
        breeds = modelBreeds(node)
        breedsFile = NetworkRequest.redacted(catAPI.baseURL.appending(path: "breeds"))
        if api.photosPerBreed > 0 {
          let listed = await listPhotos(refs, api: api)
          problems += listed.problems
          gathered.photos += listed.photos
          gathered.listedRoots.insert("breeds")
          gathered.failedFolders.formUnion(listed.failed.map { "breeds/\($0)" })
          gathered.counts.append(("breed photos", listed.photos.count))
        }
      } catch {
        problems.append(error)
        // Without the breeds a run cannot write (nor check its cats); with
        // --keep-going the rest still goes ahead against the breeds on disk.
        if !keepGoing { plan.restdb = nil }
      }
    }
    async let cats = fetchCats(
      plan, breeds: breeds, breedsFile: breedsFile, source: source, client: client)
    async let facts = fetchFacts(plan, client: client)
    for result in [await cats, await facts].compactMap({ $0 }) {
      switch result {
      case .success(let part):
        gathered.documents.append((part.file, part.data))
        gathered.counts.append((part.noun, part.count))
        gathered.photos += part.photos
        report.diagnostics += part.warnings
        if part.file == "content/cats.json" { gathered.listedRoots.insert("cats") }
      case .failure(let problem):
        problems.append(problem)
      }
    }
    for problem in problems { report.diagnostics += problem.diagnostics }
    report.counts = gathered.counts
    return gathered
  }

  /// One fetched document with what it holds.
  struct Part: Sendable {
    var file: String
    var data: Data
    var noun: String
    var count: Int
    var photos: [RemotePhoto] = []
    var warnings: [Diagnostic] = []
  }

  private func fetchCats(
    _ plan: FetchPlan, breeds: [Breed]?, breedsFile: String, source: SiteSource, client: FetchClient
  ) async -> Result<Part, FetchProblem>? {
    guard let restdb = plan.restdb else { return nil }
    let fetch = RestDBFetch(source: restdb, key: plan.restdbKey, client: client)
    do throws(FetchProblem) {
      let node = try await fetch.cats(breeds: breeds, breedsFile: breedsFile, photos: source.photos)
      if !plan.replaceLocal,
        let refusal = LocalCats.refusal(replacing: source.cats, unreadable: plan.catsFileUnreadable)
      {
        throw FetchProblem([refusal])
      }
      var warnings: [Diagnostic] = []
      let listed = RestDBFetch.photos(in: node, warnings: &warnings)
      return .success(
        Part(
          file: "content/cats.json", data: JSONWriter.data(node), noun: "cats", count: node.array?.count ?? 0,
          photos: listed, warnings: warnings))
    } catch {
      return .failure(error)
    }
  }

  private func fetchFacts(_ plan: FetchPlan, client: FetchClient) async -> Result<Part, FetchProblem>? {
    guard let facts = plan.facts else { return nil }
    do {
      let node = try await FactsFetch(source: facts, client: client).facts()
      let count = (node.array ?? node["data"]?.array)?.count ?? 0
      return .success(Part(file: "content/facts.json", data: JSONWriter.data(node), noun: "facts", count: count))
    } catch {
      return .failure(error)
    }
  }

  /// Each breed's photo listing, side by side (the client keeps at most 4
  /// requests in flight); results in breed order whatever order they finish in.
  private func listPhotos(_ refs: [CatAPIFetch.BreedRef], api: CatAPIFetch) async
    -> (photos: [RemotePhoto], problems: [FetchProblem], failed: [String])
  {
    let results = await withTaskGroup(of: (Int, Result<[RemotePhoto], FetchProblem>).self) { group in
      for (index, ref) in refs.enumerated() {
        group.addTask {
          do throws(FetchProblem) {
            return (index, .success(try await api.photos(of: ref)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results: [(Int, Result<[RemotePhoto], FetchProblem>)] = []
      for await result in group { results.append(result) }
      return results.sorted { $0.0 < $1.0 }
    }
    var photos: [RemotePhoto] = []
    var problems: [FetchProblem] = []
    var failed: [String] = []
    for (index, result) in results {
      switch result {
      case .success(let listed): photos += listed
      case .failure(let problem):
        problems.append(problem)
        failed.append(refs[index].id)
      }
    }
    return (photos, problems, failed)
  }

  private func modelBreeds(_ node: Node) -> [Breed] {
    var ignored = DiagnosticCollector()
    var resolver = PhotoResolver(photos: [])
    return SiteBuilder(now: Date()).breeds(node, photos: [], resolver: &resolver, diagnostics: &ignored)
  }
}

extension ContentFetch {
  /// Every listed photo found on disk or downloaded and checked, side by
  /// side; in listing order. A photo that fails is an error and is left out.
  func download(
    _ photos: [RemotePhoto], manifest: PhotoManifest, state: FetchState, with downloader: PhotoDownloader,
    report: inout FetchReport, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) async -> [PhotoDownloader.Outcome] {
    var previous: [String: PhotoManifest.Entry] = [:]
    for entry in manifest.photos {
      let folder = (entry.file as NSString).deletingLastPathComponent
      previous[folder + " " + entry.url] = previous[folder + " " + entry.url] ?? entry
    }
    let unique = Self.uniquelyNamed(photos)
    progress(0, unique.count)
    let results = await withTaskGroup(of: (Int, Result<PhotoDownloader.Outcome, FetchProblem>).self) { group in
      for (index, photo) in unique.enumerated() {
        let old = previous[photo.folder + " " + photo.url.absoluteString]
        let stamp = old.flatMap { state.files[$0.file] }
        group.addTask {
          do throws(FetchProblem) {
            return (index, .success(try await downloader.obtain(photo, previous: old, stamp: stamp)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results: [(Int, Result<PhotoDownloader.Outcome, FetchProblem>)] = []
      for await result in group {
        results.append(result)
        progress(results.count, unique.count)
      }
      return results.sorted { $0.0 < $1.0 }
    }
    return results.compactMap { _, result in
      switch result {
      case .success(let outcome): return outcome
      case .failure(let problem):
        report.diagnostics += problem.diagnostics
        return nil
      }
    }
  }

  /// The photos with no two of a folder under one name (ids that differ only
  /// in characters a file name drops): later ones get `-2`, `-3`…; a photo
  /// listed twice (same folder, same URL) is kept once.
  static func uniquelyNamed(_ photos: [RemotePhoto]) -> [RemotePhoto] {
    var taken: Set<String> = []
    var seen: Set<String> = []
    return photos.compactMap { photo in
      guard seen.insert(photo.folder + " " + photo.url.absoluteString).inserted else { return nil }
      var named = photo
      var suffix = 1
      while !taken.insert(named.folder + "/" + named.name.lowercased()).inserted {
        suffix += 1
        named.name = "\(photo.name)-\(suffix)"
      }
      return named
    }
  }
}
