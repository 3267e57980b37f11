import Foundation

/// Which API keys may leave the machine, and to where. site.yml comes with
/// the site, a repository anyone can write, so it must not choose both the
/// variable a key is read from and the host it is sent to: a key variable
/// must be named for this program (`CATGALLERY_…` or a documented name), and
/// a key goes only over https (plain http only to this machine, for tests)
/// to a documented API host, or to a host the user names on the command line
/// (`--allow-key-host`). Every place that reads a key asks this first.
struct KeyPolicy: Sendable, Hashable {
  /// Variable names the README documents; any other must start with `variablePrefix`.
  static let documentedVariables: Set<String> = ["THECATAPI_KEY", "RESTDB_KEY", "RESTDB_API_KEY"]
  static let variablePrefix = "CATGALLERY_"
  /// Hosts the README documents: The Cat API and catfact.ninja by name,
  /// restdb.io by its databases (`<db>.restdb.io`).
  static let documentedHosts: Set<String> = ["api.thecatapi.com", "catfact.ninja"]
  static let documentedDomain = ".restdb.io"

  /// Further hosts the user allowed on the command line, lowercased.
  var allowedHosts: Set<String> = []

  init(allowing hosts: [String] = []) {
    allowedHosts = Set(hosts.map { $0.lowercased() })
  }

  /// Why the key in `variable` must not be sent to `url`, as the error to
  /// print at `location` (the `api_key_env` line), or nil when it may.
  func refusal(variable: String, url: URL, at location: SourceLocation?) -> Diagnostic? {
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
    guard !isAllowed(host) else { return nil }
    return .error(
      "the key in \(variable) would be sent to \(host), which is not a documented API host "
        + "(api.thecatapi.com, <db>.restdb.io, catfact.ninja); nothing was sent. "
        + "If you trust \(host) with it, pass --allow-key-host \(host)", at: location)
  }

  private func isAllowed(_ host: String) -> Bool {
    Self.documentedHosts.contains(host)
      || (host.hasSuffix(Self.documentedDomain) && host.count > Self.documentedDomain.count)
      || URLPolicy.isLoopback(host: host) || allowedHosts.contains(host)
  }
}
