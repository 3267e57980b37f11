import NIOHTTP1
import Testing

@testable import GalleryServe

@Suite("The Host a request names")
struct RequestHostCheckTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var target: String
    var hosts: [String]
    /// The `Host` headers the request is handled with.
    var expected: [String]
  }

  static let cases: [Case] = [
    Case(description: "one Host is kept", target: "/cats/", hosts: ["127.0.0.1:8080"], expected: ["127.0.0.1:8080"]),
    Case(
      description: "two Hosts leave none", target: "/cats/", hosts: ["127.0.0.1:8080", "evil.example"], expected: []),
    Case(
      description: "an absolute-form target's host wins", target: "http://evil.example:8080/_catgallery/edit/new-cat",
      hosts: ["127.0.0.1:8080"], expected: ["evil.example:8080"]),
    Case(
      description: "an absolute-form target naming this server", target: "http://127.0.0.1:8080/cats/",
      hosts: ["127.0.0.1:8080"], expected: ["127.0.0.1:8080"]),
    Case(
      description: "user info does not hide the host", target: "http://127.0.0.1:8080@evil.example/cats/",
      hosts: ["127.0.0.1:8080"], expected: ["evil.example"]),
    Case(description: "IPv6 keeps its brackets", target: "http://[::1]:8080/", hosts: [], expected: ["[::1]:8080"]),
    Case(
      description: "an authority-form target names no host", target: "127.0.0.1:8080", hosts: ["127.0.0.1"],
      expected: []),
    Case(description: "a file URL names no host", target: "file:///etc/passwd", hosts: ["127.0.0.1"], expected: []),
  ]

  @Test("each request is handled by the host it names, or by none", arguments: cases)
  func host(_ test: Case) {
    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: test.target)
    for host in test.hosts { head.headers.add(name: "Host", value: host) }
    #expect(RequestHostCheck.checked(head).headers["Host"] == test.expected)
  }
}
