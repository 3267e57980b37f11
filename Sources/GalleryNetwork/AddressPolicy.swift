import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which addresses a URL named by an API answer (a photo to download) may
/// lead to: none on this machine or its private networks, so that an answer
/// cannot make fetch ask a service behind the firewall (a router's page, a
/// cloud's metadata server, another program's loopback port) and keep what
/// it says. Decided on the addresses the host resolves to, not its name.
package enum AddressPolicy {
  /// The environment variable that lets the tests' loopback stand-in serve
  /// photos. For tests only: set to `1`, private addresses are downloaded from.
  package static let testOnlySwitch = "CATGALLERY_TEST_ONLY_ALLOW_PRIVATE_DOWNLOADS"

  /// Whether `environment` turns the check off (`testOnlySwitch` is `1`).
  package static func isOff(in environment: [String: String]) -> Bool {
    environment[testOnlySwitch] == "1"
  }

  /// The first address `host` resolves to that is private, with its kind
  /// ("127.0.0.1, a loopback address"); nil when all are public or the name
  /// does not resolve (the download then fails on its own).
  package static func refusal(host: String) -> String? {
    var name = host
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    for address in resolve(name) {
      if let kind = kind(of: address) { return "\(describe(address)), \(kind)" }
    }
    return nil
  }

  /// The kind of private address `bytes` is (4 bytes IPv4, 16 bytes IPv6),
  /// or nil for a public one.
  package static func kind(of bytes: [UInt8]) -> String? {
    if bytes.count == 16 {
      if bytes == [UInt8](repeating: 0, count: 15) + [1] { return "a loopback address" }
      if bytes.allSatisfy({ $0 == 0 }) { return "the unspecified address" }
      // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that address.
      if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
        return kind(of: Array(bytes[12..<16]))
      }
      if bytes[0] & 0xFE == 0xFC { return "a private (unique local) address" }
      if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return "a link-local address" }
      return nil
    }
    guard bytes.count == 4 else { return nil }
    switch (bytes[0], bytes[1]) {
    case (127, _): return "a loopback address"
    case (0, _): return "the unspecified address"
    case (10, _), (192, 168): return "a private address"
    case (172, 16...31): return "a private address"
    case (169, 254): return "a link-local address"
    default: return nil
    }
  }

  /// Every address `name` resolves to (a literal address is itself).
  private static func resolve(_ name: String) -> [[UInt8]] {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
    defer { freeaddrinfo(first) }
    var addresses: [[UInt8]] = []
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let entry = next {
      if let socket = entry.pointee.ai_addr {
        switch Int32(socket.pointee.sa_family) {
        case AF_INET:
          socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
            addresses.append(withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) })
          }
        case AF_INET6:
          socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
            addresses.append(withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) })
          }
        default: break
        }
      }
      next = entry.pointee.ai_next
    }
    return addresses
  }

  /// `127.0.0.1` or `fe80:0:0:0:0:0:0:1`.
  private static func describe(_ bytes: [UInt8]) -> String {
    if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
    return stride(from: 0, to: bytes.count, by: 2).map {
      String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
    }
    .joined(separator: ":")
  }
}
