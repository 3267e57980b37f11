import Foundation
import GalleryCore

/// Which API keys may leave the machine, and to where. site.yml comes with
/// the site, a repository anyone can write, so it must not choose both the
/// variable a key is read from and the host it is sent to: a key variable
/// must be named for this program (`CATGALLERY_…` or a documented name), and
/// a key goes only over https (plain http only to this machine, for tests)
/// to its own API's host, or to a host the user names on the command line
/// (`--allow-key-host`). Every place that reads a key asks `key(for:…)`.
package struct KeyPolicy: Sendable, Hashable {
  /// An API that takes a key, with the host and variables the README
  /// documents for it. Facts take no key.
  package enum API: Sendable, Hashable {
    case theCatAPI, restdb

    /// The variables whose key may go to this API's documented host.
    var variables: Set<String> {
      switch self {
      case .theCatAPI: ["THECATAPI_KEY"]
      case .restdb: ["RESTDB_KEY", "RESTDB_API_KEY"]
      }
    }

    /// Whether `variable` is this API's own. restdb's databases are named by
    /// their users (`<db>.restdb.io`, which anyone can register), so only
    /// restdb's own variables go there; a `CATGALLERY_…` one needs the flag.
    func owns(_ variable: String) -> Bool {
      variables.contains(variable) || (self == .theCatAPI && variable.hasPrefix(KeyPolicy.variablePrefix))
    }

    /// Whether `host` (lowercased) is where the README says this API lives.
    package func documents(_ host: String) -> Bool {
      switch self {
      case .theCatAPI: host == "api.thecatapi.com"
      case .restdb: host.hasSuffix(".restdb.io") && host.count > ".restdb.io".count
      }
    }

    /// The documented host and variables, for a refusal.
    var described: String {
      switch self {
      case .theCatAPI: "The Cat API's key (THECATAPI_KEY or CATGALLERY_…) goes only to api.thecatapi.com"
      case .restdb:
        "restdb's key (RESTDB_KEY or RESTDB_API_KEY) goes only to <db>.restdb.io, and no other key goes there"
          + " (anyone can name a database)"
      }
    }
  }

  /// What `key(for:…)` found.
  package enum Lookup: Sendable, Hashable {
    /// site.yml names no variable: requests go without a key.
    case none
    case key(String)
    /// The variable is allowed but unset or empty.
    case unset(variable: String)
    /// The error to print; nothing may be sent.
    case refused(Diagnostic)
  }

  /// Variable names the README documents; any other must start with `variablePrefix`.
  static let documentedVariables: Set<String> = API.theCatAPI.variables.union(API.restdb.variables)
  static let variablePrefix = "CATGALLERY_"

  /// Further hosts the user allowed on the command line, lowercased.
  var allowedHosts: Set<String> = []

  package init(allowing hosts: [String] = []) {
    allowedHosts = Set(hosts.map { $0.lowercased() })
  }

  /// The key for `api` from the `variable` site.yml names (at `location`),
  /// read from `environment` only once the policy allows sending it to `url`.
  package func key(
    for api: API, variable: String?, url: URL, at location: SourceLocation?, environment: [String: String]
  ) -> Lookup {
    guard let variable else { return .none }
    if let refusal = refusal(for: api, variable: variable, url: url, at: location) { return .refused(refusal) }
    guard let key = environment[variable], !key.isEmpty else { return .unset(variable: variable) }
    return .key(key)
  }

  /// Why the key in `variable` must not be sent to `api` at `url`, as the
  /// error to print at `location` (the `api_key_env` line), or nil when it may.
  package func refusal(for api: API, variable: String, url: URL, at location: SourceLocation?) -> Diagnostic? {
    if !Self.documentedVariables.contains(variable), !variable.hasPrefix(Self.variablePrefix) {
      return .error(
        "api_key_env names \(variable), which is not a catgallery key variable: it must be one of "
          + Self.documentedVariables.sorted().joined(separator: ", ")
          + " or start with \(Self.variablePrefix), so that a site cannot have any other secret in your "
          + "environment sent; nothing was sent", at: location)
    }
    let host = (url.host ?? "").lowercased()
    let scheme = url.scheme?.lowercased()
    if scheme != "https", !URLPolicy.isLoopback(host: host) {
      return .error("the key in \(variable) goes only over https; nothing was sent", at: location)
    }
    if URLPolicy.isLoopback(host: host) || allowedHosts.contains(host) { return nil }
    if api.documents(host), api.owns(variable) { return nil }
    return .error(
      "the key in \(variable) would be sent to \(host), but \(api.described); nothing was sent. "
        + "If you trust \(host) with it, pass --allow-key-host \(host)", at: location)
  }
}
