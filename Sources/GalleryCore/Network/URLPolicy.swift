import Foundation

/// Which URLs may be fetched at all, decided from the URL alone before any
/// DNS lookup or connection: https anywhere; plain http only to this machine
/// (127.0.0.0/8, ::1, localhost), where the test servers and nothing else live.
package enum URLPolicy {
  /// Throws the refusal for a URL that must not be fetched.
  package static func check(_ url: URL) throws(NetworkError) {
    if let refusal = refusal(for: url) {
      throw .refused(url: NetworkRequest.redacted(url), refusal)
    }
  }

  /// Throws the refusal for a redirect target that must not be followed.
  package static func checkRedirect(to url: URL) throws(NetworkError) {
    if let refusal = refusal(for: url) {
      throw .redirectRefused(to: NetworkRequest.redacted(url), refusal)
    }
  }

  package static func refusal(for url: URL) -> NetworkError.Refusal? {
    let scheme = url.scheme?.lowercased() ?? ""
    guard scheme == "https" || scheme == "http" else { return .scheme(scheme) }
    guard let host = url.host, !host.isEmpty else { return .noHost }
    if scheme == "http", !isLoopback(host: host) { return .plainHTTP }
    return nil
  }

  /// True only for names that cannot leave the machine: `localhost` exactly,
  /// a dotted-decimal address in 127.0.0.0/8, and `::1`. Anything merely
  /// starting like one (`127.0.0.1.example.com`, `localhost.example`) is not.
  package static func isLoopback(host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4 else { return false }
    let values = octets.map { octet -> Int? in
      // Decimal only: inet_aton would read `0177.0.0.1` as octal, which a
      // check by string must not guess about.
      guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCII), octet.allSatisfy(\.isNumber) else {
        return nil
      }
      guard octet == "0" || !octet.hasPrefix("0") else { return nil }
      return Int(octet).flatMap { $0 <= 255 ? $0 : nil }
    }
    return values.allSatisfy { $0 != nil } && values.first == 127
  }
}
