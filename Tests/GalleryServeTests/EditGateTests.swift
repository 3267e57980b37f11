import Testing

@testable import GalleryServe

@Suite("Edit gate")
struct EditGateTests {
  static let token = String(repeating: "ab", count: 32)
  let gate = EditGate(token: EditGateTests.token, boundHost: "127.0.0.1")

  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var method = "POST"
    var host: String? = "127.0.0.1:8080"
    var origin: String? = "http://127.0.0.1:8080"
    var referer: String? = nil
    var token: String? = EditGateTests.token
  }

  static let allowed: [Case] = [
    Case(description: "a form of this server"),
    Case(description: "localhost by name", host: "localhost:8080", origin: "http://localhost:8080"),
    Case(description: "IPv6 loopback", host: "[::1]:8080", origin: "http://[::1]:8080"),
    Case(description: "Referer when there is no Origin", origin: nil, referer: "http://127.0.0.1:8080/cats/x/"),
  ]

  static let refused: [Case] = [
    Case(description: "no token", token: nil),
    Case(description: "a wrong token", token: String(repeating: "ab", count: 31) + "ac"),
    Case(description: "a short token", token: "ab"),
    Case(description: "another site's form", origin: "http://evil.example"),
    Case(description: "another port", origin: "http://127.0.0.1:9999"),
    Case(description: "https origin for an http server", origin: "https://127.0.0.1:8080"),
    Case(description: "neither Origin nor Referer", origin: nil),
    Case(description: "a Referer of another site", origin: nil, referer: "http://evil.example/x"),
    Case(description: "a Referer that only starts like this one", origin: nil, referer: "http://127.0.0.1:80800/"),
    Case(description: "a DNS name rebound to loopback", host: "evil.example:8080", origin: "http://evil.example:8080"),
    Case(description: "no Host", host: nil),
    Case(description: "a GET", method: "GET"),
    Case(description: "a PUT", method: "PUT"),
  ]

  @Test("a post from this server's own form passes", arguments: allowed)
  func allows(_ test: Case) {
    #expect(
      gate.refusesChange(
        method: test.method, host: test.host, origin: test.origin, referer: test.referer, token: test.token) == nil)
  }

  @Test("anything else is refused", arguments: refused)
  func refuses(_ test: Case) {
    #expect(
      gate.refusesChange(
        method: test.method, host: test.host, origin: test.origin, referer: test.referer, token: test.token) != nil)
  }

  @Test("form pages are shown only by this server's own names; a wildcard bind accepts any")
  func pages() {
    #expect(gate.refusesPage(host: "127.0.0.1:8080") == nil)
    #expect(gate.refusesPage(host: "evil.example:8080") != nil)
    #expect(gate.refusesPage(host: "127.0.0.1:x") != nil)
    let lan = EditGate(token: Self.token, boundHost: "192.168.1.20")
    #expect(lan.refusesPage(host: "192.168.1.20:8080") == nil)
    #expect(lan.refusesPage(host: "evil.example:8080") != nil)
    // Every address, but never a DNS name another site could point here.
    let any = EditGate(token: Self.token, boundHost: "0.0.0.0", machineName: "my-laptop")
    #expect(any.refusesPage(host: "192.168.1.20:8080") == nil)
    #expect(any.refusesPage(host: "[fe80::1]:8080") == nil)
    #expect(any.refusesPage(host: "my-laptop:8080") == nil)
    #expect(any.refusesPage(host: "evil.example:8080") != nil)
    #expect(any.refusesPage(host: "127.0.0.1.evil.example:8080") != nil)
    #expect(any.refusesPage(host: "999.1.1.1:8080") != nil)
  }

  @Test("tokens are 64 hex characters and differ from server to server")
  func tokens() {
    let a = EditGate.randomToken()
    #expect(a.count == 64 && a.allSatisfy(\.isHexDigit))
    #expect(a != EditGate.randomToken())
  }
}
