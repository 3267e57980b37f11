import Foundation

/// What to ask a server: a method, a URL, headers and, for a write, a body
/// (fetch only reads; edits that write through to restdb send JSON). Its
/// description is what error messages show: the method and URL with every
/// secret (a secret header, a key in the query, a password in the URL)
/// redacted; the body is never part of any description, only its size.
package struct NetworkRequest: Sendable, Hashable {
  package enum Method: String, Sendable, Hashable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"

    /// GET and HEAD only read. A write is never repeated by a redirect: the
    /// transport hands a redirect of a write back as the answer, unfollowed.
    package var isRead: Bool { self == .get || self == .head }
  }

  package var method: Method
  package var url: URL
  package var headers: [HTTPHeader]
  /// What a write sends (nil for reads); the `Content-Type` is one of `headers`.
  package var body: Data?
  /// The longest the whole exchange may take, redirects, head and body
  /// included (`sources.timeout`); nil for the transport's own default.
  package var timeout: Duration?
  /// The largest body this answer may have, below the transport's own cap
  /// (a JSON document is refused long before a photo would be); nil for the
  /// transport's.
  package var maxBodyBytes: Int?
  /// Redirects to a host that resolves to this machine or a private network
  /// are not followed (`AddressPolicy`): set for a URL an API answer named.
  package var refusesPrivateAddresses = false

  package init(
    _ method: Method = .get, _ url: URL, headers: [HTTPHeader] = [], body: Data? = nil, timeout: Duration? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
  }

  /// The environment variable of the first secret header that names one.
  package var keyVariable: String? {
    headers.lazy.compactMap(\.variable).first
  }

  /// Query parameters that carry keys in the APIs we call (restdb.io takes
  /// `?apikey=`); their values never appear in a message.
  static let secretQueryNames: Set<String> = ["apikey", "api_key", "api-key", "key", "token", "access_token"]

  /// `url` as it may be shown: secret query values and any password replaced.
  package static func redacted(_ url: URL) -> String {
    guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "<unparsable URL>" }
    if parts.password != nil { parts.password = HTTPHeader.redacted }
    if let items = parts.queryItems {
      parts.queryItems = items.map { item in
        secretQueryNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "REDACTED") : item
      }
    }
    return parts.string ?? "<unparsable URL>"
  }

  /// The request to send after a redirect of a read to `target` (GET and
  /// HEAD stay what they are; a write is never followed): secret headers stay behind when the redirect leaves the origin
  /// (scheme, host and port), so a key for one API never reaches another host.
  package func following(to target: URL) -> NetworkRequest {
    var next = self
    next.url = target
    if !Self.sameOrigin(url, target) {
      next.headers.removeAll(where: \.isSecret)
    }
    return next
  }

  package static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
      && effectivePort(a) == effectivePort(b)
  }

  private static func effectivePort(_ url: URL) -> Int? {
    url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
  }
}

extension NetworkRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// `GET https://api.example/v1/images?apikey=REDACTED`.
  package var description: String { "\(method.rawValue) \(Self.redacted(url))" }

  /// The request line, every header (secrets redacted) and the body's size.
  package var debugDescription: String {
    ([description] + headers.map(\.description) + (body.map { ["(\($0.count) bytes of body)"] } ?? []))
      .joined(separator: "\n")
  }

  package var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "method": method.rawValue, "url": Self.redacted(url), "headers": headers, "bodyBytes": body?.count ?? 0,
      ],
      displayStyle: .struct)
  }
}
