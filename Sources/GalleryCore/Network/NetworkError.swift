import Foundation

/// Why one exchange with a server failed, from any transport. `reason` is one
/// line in the words of `OSReason` ("Connection refused"), for the end of a
/// message that already names the request; URLs in it are redacted.
package enum NetworkError: Error, Sendable, Hashable {
  /// Why a URL is not fetched at all.
  package enum Refusal: Sendable, Hashable {
    /// `http://` to a host that is not this machine.
    case plainHTTP
    /// Neither http nor https (`file:`, `ftp:`), or no scheme.
    case scheme(String)
    /// No host to connect to.
    case noHost
    /// A host that resolves to this machine or a private network (the
    /// address and its kind), for a request that refuses them.
    case privateAddress(String)
  }

  package enum Phase: String, Sendable, Hashable {
    /// `total`: the whole exchange, however steadily its bytes trickle in.
    case connect, read, response, total
  }

  /// The URL breaks the scheme rules; nothing was sent.
  case refused(url: String, Refusal)
  /// A redirect pointed where the rules forbid; it was not followed.
  case redirectRefused(to: String, Refusal)
  case tooManyRedirects(limit: Int)
  case timedOut(Phase, after: Duration)
  case connectionRefused
  /// The server closed or reset the connection before the response was complete.
  case connectionLost
  case hostNotFound(String)
  /// The TLS handshake or certificate check failed.
  case tls(String)
  /// The body is larger than the cap; reading stopped there.
  case tooLarge(limit: Int)
  case cancelled
  /// Anything else, in the underlying library's words.
  case other(String)

  /// Worth trying again: the server may answer next time.
  package var isTransient: Bool {
    switch self {
    case .timedOut, .connectionLost: true
    default: false
    }
  }

  package var reason: String {
    switch self {
    case .refused(let url, let refusal): "refused \(url): \(refusal.reason)"
    case .redirectRefused(let url, let refusal): "redirect to \(url) refused: \(refusal.reason)"
    case .tooManyRedirects(let limit): "more than \(limit) redirects"
    case .timedOut(.connect, let after): "no connection within \(Self.words(after))"
    case .timedOut(.read, let after): "no data for \(Self.words(after)) (read timeout)"
    case .timedOut(.response, let after): "no response within \(Self.words(after))"
    case .timedOut(.total, let after): "no complete answer within \(Self.words(after)) (sources.timeout in site.yml)"
    case .connectionRefused: "Connection refused"
    case .connectionLost: "Connection closed before the response was complete"
    case .hostNotFound(let host): "host not found: \(host)"
    case .tls(let detail): "TLS failed: \(detail)"
    case .tooLarge(let limit): "response larger than the \(Self.bytes(limit)) limit"
    case .cancelled: "cancelled"
    case .other(let detail): detail
    }
  }

  /// `300 ms`, `10 s`, `1.5 s`.
  static func words(_ duration: Duration) -> String {
    let milliseconds = Int((duration / .milliseconds(1)).rounded())
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return String(format: "%.1f s", Double(milliseconds) / 1000)
  }

  /// `50 MB`, `1500 bytes`.
  package static func bytes(_ count: Int) -> String {
    let megabyte = 1024 * 1024
    if count >= megabyte, count % megabyte == 0 { return "\(count / megabyte) MB" }
    return "\(count) bytes"
  }
}

extension NetworkError.Refusal {
  package var reason: String {
    switch self {
    case .plainHTTP: "plain http is allowed only to this machine (127.0.0.0/8, ::1, localhost); use https"
    case .scheme(let scheme): "only https URLs are fetched, not \(scheme.isEmpty ? "a URL without a scheme" : scheme)"
    case .noHost: "the URL has no host"
    case .privateAddress(let address): "it leads to \(address); only public addresses are asked"
    }
  }
}

extension NetworkError: CustomStringConvertible {
  package var description: String { reason }
}
