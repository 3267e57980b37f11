import Foundation

/// The web APIs a site's data lives in, from `sources:` in content/site.yml.
/// Read by every command, so a typo there is reported by `build` too, but
/// only `fetch` (and edits that write through to restdb) ever contact them.
/// Keys are never stored here: only the name of the environment variable
/// that holds one.
package struct FetchSources: Sendable, Hashable {
  /// The Cat API (or a mirror of it): breeds and breed photos.
  package struct CatAPI: Sendable, Hashable {
    // Never nil; a file URL in its place would be refused before any request.
    static let defaultBaseURL = URL(string: "https://api.thecatapi.com/v1") ?? URL(fileURLWithPath: "/")
    package var baseURL = defaultBaseURL
    package var keyVariable: String?
    /// Where site.yml names `keyVariable`, for an error about the key.
    package var keyLocation: SourceLocation?
    /// Photos downloaded per breed, the cover included; 0 fetches breeds only.
    package var photosPerBreed = 5
  }

  /// A restdb.io collection of owned cats.
  package struct RestDB: Sendable, Hashable {
    package var url: URL
    package var keyVariable: String?
    /// Where site.yml names `keyVariable`, for an error about the key.
    package var keyLocation: SourceLocation?
    /// `sources.timeout`: the longest one write may take in all.
    package var timeout = FetchSources.defaultTimeout
  }

  /// A cat-facts API: catfact.ninja's paged shape or an array of `{text}`.
  package struct Facts: Sendable, Hashable {
    package var url: URL
  }

  package var catAPI: CatAPI?
  package var restdb: RestDB?
  package var facts: Facts?
  /// The longest each try of a request may take in all (connecting, the answer's head
  /// and its whole body), from `timeout:` in seconds; fetch and cat edits alike.
  package var timeout = FetchSources.defaultTimeout

  package static let defaultTimeout: Duration = .seconds(60)
  static let timeoutRange = 1.0...3600.0
  package static let keys = ["thecatapi", "restdb", "facts"]
  static let maxPhotosPerBreed = 100

  package var isEmpty: Bool { catAPI == nil && restdb == nil && facts == nil }

  /// Reads `sources:`; each bad value is a located error and leaves its
  /// source out, so `fetch` never guesses.
  package static func read(_ node: Node?, diagnostics: inout DiagnosticCollector) -> FetchSources {
    var sources = FetchSources()
    // `sources:` with every source commented out, as `init` writes it.
    guard let node, !node.isNull else { return sources }
    guard node.isDictionary else {
      diagnostics.error("\"sources\" in site.yml must be a mapping", at: node)
      return sources
    }
    let reader = FieldReader(node: node, owner: "sources")
    reader.warnUnknownKeys(keys + ["timeout"], &diagnostics) {
      "unknown source \"\($0)\" in site.yml (use \(keys.joined(separator: ", ")))"
    }
    if let seconds = reader.number("timeout", &diagnostics) {
      if timeoutRange.contains(seconds) {
        sources.timeout = .milliseconds(Int64((seconds * 1000).rounded()))
      } else {
        let shown = seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
        diagnostics.error(
          "timeout in sources must be a number of seconds from 1 to 3600, found \(shown)",
          at: reader.location(of: "timeout"))
      }
    }
    if let block = block("thecatapi", in: node, &diagnostics) {
      sources.catAPI = catAPI(block, &diagnostics)
    }
    if let block = block("restdb", in: node, &diagnostics) {
      let fields = FieldReader(node: block, owner: "sources.restdb")
      fields.warnUnknownKeys(["url", "api_key_env"], &diagnostics) {
        "unknown setting \"\($0)\" in sources.restdb"
      }
      let variable = keyVariable(fields, &diagnostics)
      if let url = url("url", fields, required: true, &diagnostics), variable != .invalid {
        sources.restdb = RestDB(
          url: url, keyVariable: variable.name,
          keyLocation: variable.name.map { _ in fields.location(of: "api_key_env") })
      }
    }
    if let block = block("facts", in: node, &diagnostics) {
      let fields = FieldReader(node: block, owner: "sources.facts")
      fields.warnUnknownKeys(["url"], &diagnostics) { "unknown setting \"\($0)\" in sources.facts" }
      if let url = url("url", fields, required: true, &diagnostics) {
        sources.facts = Facts(url: url)
      }
    }
    sources.restdb?.timeout = sources.timeout
    return sources
  }

  private static func catAPI(_ block: Node, _ diagnostics: inout DiagnosticCollector) -> CatAPI? {
    let fields = FieldReader(node: block, owner: "sources.thecatapi")
    fields.warnUnknownKeys(["base_url", "api_key_env", "photos_per_breed"], &diagnostics) {
      "unknown setting \"\($0)\" in sources.thecatapi"
    }
    var source = CatAPI()
    var valid = true
    if fields.node["base_url"] != nil {
      if let url = url("base_url", fields, required: false, &diagnostics) {
        source.baseURL = url
      } else {
        valid = false
      }
    }
    let variable = keyVariable(fields, &diagnostics)
    source.keyVariable = variable.name
    if variable.name != nil { source.keyLocation = fields.location(of: "api_key_env") }
    if variable == .invalid { valid = false }
    if let count = fields.integer("photos_per_breed", &diagnostics) {
      if (0...maxPhotosPerBreed).contains(count) {
        source.photosPerBreed = count
      } else {
        diagnostics.error(
          "photos_per_breed must be from 0 to \(maxPhotosPerBreed), found \(count)",
          at: fields.location(of: "photos_per_breed"))
        valid = false
      }
    }
    return valid ? source : nil
  }

  /// A source's block: a mapping, or null/empty for "all defaults".
  private static func block(_ key: String, in node: Node, _ diagnostics: inout DiagnosticCollector) -> Node? {
    guard let block = node[key] else { return nil }
    if block.isDictionary { return block }
    if block.isNull { return Node(.dictionary([]), at: block.location) }
    diagnostics.error("\"\(key)\" in sources must be a mapping of settings", at: block)
    return nil
  }

  private enum KeyVariable: Equatable {
    case none, invalid
    case named(String)
    var name: String? {
      if case .named(let name) = self { return name }
      return nil
    }
  }

  /// `api_key_env`: the name of an environment variable, never a key itself.
  private static func keyVariable(_ fields: FieldReader, _ diagnostics: inout DiagnosticCollector) -> KeyVariable {
    guard let name = fields.string("api_key_env", limit: TextLimits.name, &diagnostics) else { return .none }
    let valid =
      name.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
      && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    guard valid else {
      // Not echoed: a user who pasted the key itself here must not see it printed.
      diagnostics.error(
        "api_key_env of \(fields.owner) must name an environment variable (letters, digits and _), not hold the key",
        at: fields.location(of: "api_key_env"))
      return .invalid
    }
    return .named(name)
  }

  private static func url(
    _ key: String, _ fields: FieldReader, required: Bool, _ diagnostics: inout DiagnosticCollector
  ) -> URL? {
    guard let text = fields.string(key, required: required, limit: TextLimits.url, &diagnostics) else { return nil }
    guard Text.isWebURL(text), let url = URL(string: text), URLPolicy.refusal(for: url) == nil else {
      diagnostics.error(
        "\(key) of \(fields.owner) must be an https URL (plain http only to this machine), found \"\(NetworkRequest.redacted(URL(string: text) ?? URL(fileURLWithPath: "/")))\"",
        at: fields.location(of: key))
      return nil
    }
    return url
  }
}
