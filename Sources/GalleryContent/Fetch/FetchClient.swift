import Foundation
import GalleryCore
import GalleryNetwork

/// What a fetch run has asked and received so far, for the progress line and
/// the summary: every request sent counts, retries included.
struct FetchCounters: Sendable, Hashable {
  var requests = 0
  var notModified = 0
  var bytes = 0
}

/// One fetch run's way to the network: conditional GETs through `Fetcher`,
/// answered from the previous run's response cache on a 304, and every
/// request counted. The responses it saw become the next run's cache, so a
/// URL no longer asked for drops out of it.
package final class FetchClient: Sendable {
  let fetcher: Fetcher
  private let previous: ResponseCache
  private let next = Locked(ResponseCache())
  private let counters: Locked<FetchCounters>
  private let onProgress: @Sendable (FetchCounters) -> Void
  /// Each request's deadline, all of it (`sources.timeout`); nil for the transport's.
  let timeout: Duration?
  /// A photo's redirects to this machine or a private network are refused
  /// (off only by `AddressPolicy.testOnlySwitch`).
  let refusesPrivateAddresses: Bool

  init(
    transport: any HTTPTransport, previous: ResponseCache, sleep: Fetcher.Sleep? = nil, timeout: Duration? = nil,
    refusesPrivateAddresses: Bool = false, onProgress: @escaping @Sendable (FetchCounters) -> Void = { _ in }
  ) {
    self.timeout = timeout
    self.refusesPrivateAddresses = refusesPrivateAddresses
    let counters = Locked(FetchCounters())
    self.counters = counters
    self.onProgress = onProgress
    let counting = CountingTransport(base: transport) { bytes in
      onProgress(
        counters.withLock {
          $0.requests += 1
          $0.bytes += bytes
          return $0
        })
    }
    if let sleep {
      self.fetcher = Fetcher(transport: counting, sleep: sleep)
    } else {
      self.fetcher = Fetcher(transport: counting)
    }
    self.previous = previous
  }

  var totals: FetchCounters { counters.current }
  var responses: ResponseCache { next.current }

  /// A document that may have changed since the last run: sent with the
  /// stored validators, and a 304 answered with the stored body.
  func document(_ url: URL, headers: [HTTPHeader] = []) async throws(FetchError) -> NetworkResponse {
    var request = NetworkRequest(.get, url, headers: headers, timeout: timeout)
    request.maxBodyBytes = Self.maxDocumentBytes
    let stored = previous.entry(for: url)
    switch try await fetcher.fetch(request, validators: stored?.validators ?? Validators()) {
    case .fetched(let response):
      next.withLock { $0.store(response, for: url) }
      return response
    case .notModified:
      guard let stored else {
        // A 304 to a request that asked nothing conditional is the server's error.
        throw FetchError(request, .status(304, tries: 1))
      }
      counters.withLock { $0.notModified += 1 }
      next.withLock { $0.keep(stored, for: url) }
      return stored.response(for: url)
    }
  }

  /// The largest JSON answer taken: a hundred times The Cat API's breeds or
  /// a page of a restdb collection. A parsed answer takes many times its
  /// bytes in memory, so a larger one is refused as it streams in, before
  /// it is held, parsed or written.
  static let maxDocumentBytes = 8 * 1024 * 1024

  /// The most a paged collection may add up to, all pages together: what
  /// one answer may be. A server that pages on and on is refused, not held
  /// in memory.
  static let maxCollectionBytes = PhotoDownloader.maxBytes

  /// Adds a page's bytes to `total`; an error naming `url` once past the limit.
  package static func count(_ response: NetworkResponse, into total: inout Int, collection url: URL)
    throws(FetchProblem)
  {
    total += response.body.count
    if total > maxCollectionBytes {
      throw .response(url, "the collection is larger than \(NetworkError.bytes(maxCollectionBytes)) over all its pages")
    }
  }

  /// A JSON document, parsed and located at its URL (see `FetchedJSON`).
  package func json(_ url: URL, headers: [HTTPHeader] = []) async throws(FetchProblem) -> (
    node: Node, response: NetworkResponse
  ) {
    let response: NetworkResponse
    do { response = try await document(url, headers: headers) } catch { throw FetchProblem(error) }
    return (try FetchedJSON.parse(response), response)
  }

  /// A file fetched whole, never conditionally (photos: whether to ask at
  /// all is decided from the manifest).
  package func file(_ url: URL, headers: [HTTPHeader] = []) async throws(FetchError) -> NetworkResponse {
    var request = NetworkRequest(.get, url, headers: headers, timeout: timeout)
    request.refusesPrivateAddresses = refusesPrivateAddresses
    guard let response = try await fetcher.fetch(request).response else {
      throw FetchError(request, .status(304, tries: 1))
    }
    return response
  }
}

/// Counts every request a transport completes or fails, with the bytes it
/// brought back.
private struct CountingTransport: HTTPTransport {
  let base: any HTTPTransport
  let count: @Sendable (Int) -> Void

  func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
    do {
      let response = try await base.send(request)
      count(response.body.count)
      return response
    } catch {
      count(0)
      throw error
    }
  }
}
