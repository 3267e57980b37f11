import Foundation
import GalleryCore

/// Cat facts: catfact.ninja's paged `{current_page, last_page, data: [{fact}]}`,
/// followed to the last page by asking for `page=P` at the configured URL
/// (never at a `next_page_url` the server names, which could lead anywhere),
/// or one array of `{text}` as other fact APIs return.
struct FactsFetch: Sendable {
  let source: FetchSources.Facts
  let client: FetchClient
  static let maxPages = 1000

  func url(page: Int) -> URL {
    guard var parts = URLComponents(url: source.url, resolvingAgainstBaseURL: true) else { return source.url }
    var items = (parts.queryItems ?? []).filter { $0.name != "page" }
    items.append(URLQueryItem(name: "page", value: String(page)))
    parts.queryItems = items
    return parts.url ?? source.url
  }

  /// The facts as facts.json holds them: the array as returned, or every
  /// page's `data` in one `{"data": [...]}`. Checked as the build would.
  func facts() async throws(FetchProblem) -> Node {
    let (first, response) = try await client.json(source.url)
    var total = 0
    try FetchClient.count(response, into: &total, collection: source.url)
    var node = first
    if first.array == nil {
      guard let data = first["data"]?.array else {
        throw .response(source.url, "expected an array of facts or an object with a \"data\" array", path: "$")
      }
      var all = data
      // The server's numbers are only trusted within 1…maxPages: a hostile
      // answer can neither overflow the count nor page on for ever.
      let lastPage = min(max(Self.integer(first["last_page"]) ?? 1, 1), Self.maxPages)
      var page = min(max(Self.integer(first["current_page"]) ?? 1, 1), Self.maxPages) + 1
      while page <= lastPage {
        let pageURL = url(page: page)
        let (next, response) = try await client.json(pageURL)
        try FetchClient.count(response, into: &total, collection: source.url)
        guard let more = next["data"]?.array else {
          throw .response(pageURL, "expected an object with a \"data\" array", path: "$.data")
        }
        all += more
        page += 1
      }
      node = Node(.dictionary([(key: "data", value: Node(.array(all), at: first.location))]), at: first.location)
    }
    var diagnostics = DiagnosticCollector()
    _ = SiteBuilder(now: Date()).facts(node, diagnostics: &diagnostics)
    try FetchedJSON.check(diagnostics)
    return node
  }

  private static func integer(_ node: Node?) -> Int? {
    if case .integer(let value)? = node?.value { return value }
    return nil
  }
}
