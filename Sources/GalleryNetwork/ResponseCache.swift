import Foundation
import GalleryCore

/// The last response received for each URL: its validators, to ask next time
/// "only if changed", and its body, which a 304 says is still current. A
/// plain value, kept on disk as part of `FetchState`.
package struct ResponseCache: Sendable, Hashable, Codable {
  package struct Entry: Sendable, Hashable, Codable {
    package var validators: Validators
    package var body: Data
    /// The headers a 304 does not repeat but a reader of the body needs
    /// (its type, the API's paging), by lowercased name.
    package var headers: [String: String] = [:]

    static let keptHeaders = ["content-type", "pagination-count", "pagination-page", "pagination-limit"]

    /// The stored response, as if the server had sent it again.
    package func response(for url: URL) -> NetworkResponse {
      NetworkResponse(
        status: 200, headers: headers.sorted { $0.key < $1.key }.map { HTTPHeader($0.key, $0.value) }, body: body,
        url: url)
    }
  }

  /// Keyed by the URL's absolute string: query included, since `?page=2`
  /// is another document.
  package private(set) var entries: [String: Entry] = [:]

  package init(entries: [String: Entry] = [:]) {
    self.entries = entries
  }

  package func validators(for url: URL) -> Validators {
    entries[url.absoluteString]?.validators ?? Validators()
  }

  package func entry(for url: URL) -> Entry? {
    entries[url.absoluteString]
  }

  /// Remembers `validators` and `body` for `url`; empty validators forget it,
  /// since a server that sent none cannot answer a conditional request.
  package mutating func store(
    _ validators: Validators, body: Data = Data(), headers: [String: String] = [:], for url: URL
  ) {
    entries[url.absoluteString] =
      validators.isEmpty ? nil : Entry(validators: validators, body: body, headers: headers)
  }

  /// Remembers `response` as the answer for `url`.
  package mutating func store(_ response: NetworkResponse, for url: URL) {
    var kept: [String: String] = [:]
    for name in Entry.keptHeaders {
      if let value = response.value(of: name) { kept[name] = value }
    }
    store(response.validators, body: response.body, headers: kept, for: url)
  }

  /// Keeps `entry` as the answer for `url`.
  package mutating func keep(_ entry: Entry, for url: URL) {
    entries[url.absoluteString] = entry
  }
}
