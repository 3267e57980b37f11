import Foundation

/// Who may change the user's files through `serve`: a page this server
/// rendered, in a browser on this machine. A change must be a POST that
/// carries the per-server random token of the form it came from, sent by a
/// page of this very origin (`Origin`, else `Referer`), to a `Host` this
/// server answers to by name; a page of another site cannot forge the first
/// two, and a DNS name rebound to 127.0.0.1 fails the last. Pure: the request's
/// parts come in, the refusal's reason goes out.
struct EditGate: Sendable {
  /// 32 random bytes as hex, made when the server starts; never written to disk.
  let token: String
  /// Host names (without port) pages may be asked for by: the loopback
  /// names, and the `--host` the server was told to bind.
  let hostNames: Set<String>
  /// Bound to every address (`--host 0.0.0.0 --allow-edit`): any IP address
  /// is also accepted, never a DNS name, which a hostile page could point
  /// at this machine (DNS rebinding).
  let anyAddress: Bool

  init(token: String = EditGate.randomToken(), boundHost: String, machineName: String? = nil) {
    self.token = token
    var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
    let host = boundHost.lowercased()
    anyAddress = ["0.0.0.0", "::", "[::]"].contains(host)
    if !host.isEmpty, !anyAddress {
      names.insert(RequestHostCheck.bracketed(host))
    }
    if anyAddress, let machine = machineName?.lowercased(), !machine.isEmpty { names.insert(machine) }
    hostNames = names
  }

  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
  }

  /// Why a page of the edit forms may not be shown (a rebound DNS name would
  /// read the token from it), or nil.
  func refusesPage(host: String?) -> String? {
    ownOrigin(host: host) == nil ? "this server answers edits only by its own address (\(hostList))" : nil
  }

  /// Why a change may not be made, or nil when it may.
  func refusesChange(method: String, host: String?, origin: String?, referer: String?, token: String?) -> String? {
    if let reason = refusesSender(method: method, host: host, origin: origin, referer: referer) { return reason }
    guard let token, Self.same(token, self.token) else {
      return "the form's token is missing or stale (reload the page: each run of serve makes a new one)"
    }
    return nil
  }

  /// The checks that need no body: a server reads a post's body only after these pass.
  func refusesSender(method: String, host: String?, origin: String?, referer: String?) -> String? {
    guard method == "POST" else { return "edits are made only by POST from the forms of catgallery serve" }
    guard let own = ownOrigin(host: host) else { return refusesPage(host: host) }
    if let origin {
      guard origin.lowercased() == own else { return "the form was posted from another site (\(origin))" }
    } else if let referer {
      guard referer.lowercased().hasPrefix(own + "/") else { return "the form was posted from another site" }
    } else {
      return "the request does not say which page it came from (no Origin or Referer)"
    }
    return nil
  }

  /// `http://127.0.0.1:8080` for an allowed `Host` header, nil for any other.
  private func ownOrigin(host: String?) -> String? {
    guard let host = host?.lowercased(), !host.isEmpty else { return nil }
    var name = host
    if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
      let port = host[host.index(after: colon)...]
      guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else { return nil }
      name = String(host[..<colon])
    }
    let allowed = hostNames.contains(name) || (anyAddress && Self.isAddress(name))
    return allowed ? "http://" + host : nil
  }

  /// An IPv4 address in dotted decimal, or an IPv6 one in brackets.
  static func isAddress(_ name: String) -> Bool {
    if name.hasPrefix("["), name.hasSuffix("]") {
      return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy { part in
        (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber } && (Int(part) ?? 256) <= 255
      }
  }

  private var hostList: String { hostNames.sorted().joined(separator: ", ") + (anyAddress ? " or an IP address" : "") }

  /// Compares without stopping at the first difference, so timing tells nothing.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
