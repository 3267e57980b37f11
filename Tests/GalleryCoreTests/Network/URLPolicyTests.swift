import Foundation
import Testing

@testable import GalleryCore

@Suite("URL policy: https anywhere, plain http only to loopback")
struct URLPolicyTests {
  @Test(
    "allowed before any connection",
    arguments: [
      "https://api.thecatapi.com/v1/breeds", "https://catfact.ninja/facts?page=2", "http://127.0.0.1:8080/",
      "http://127.42.0.9/x", "http://localhost/", "HTTP://LOCALHOST:9/", "http://[::1]:8080/",
    ])
  func allowed(url: String) throws {
    try URLPolicy.check(URL.literal(url))
  }

  @Test(
    "plain http to anything that is not this machine is refused",
    arguments: [
      "http://example.invalid/", "http://10.0.0.1/", "http://192.168.1.1/", "http://127.0.0.1.example.invalid/",
      "http://localhost.example.invalid/", "http://0177.0.0.1/", "http://2130706433/", "http://127.0.0.256/",
      "http://[::ffff:127.0.0.1]/", "http://128.0.0.1/",
    ])
  func plainHTTPRefused(url: String) {
    #expect(URLPolicy.refusal(for: URL.literal(url)) == .plainHTTP)
  }

  @Test(
    "other schemes and host-less URLs are refused",
    arguments: [
      ("ftp://example.invalid/cats", NetworkError.Refusal.scheme("ftp")), ("file:///etc/passwd", .scheme("file")),
      ("https:///cats", .noHost),
    ])
  func otherRefusals(url: String, refusal: NetworkError.Refusal) {
    #expect(URLPolicy.refusal(for: URL.literal(url)) == refusal)
  }

  @Test("a refusal reads as one line naming the URL and the rule")
  func refusalWording() {
    let error = #expect(throws: NetworkError.self) { try URLPolicy.check(URL.literal("http://example.invalid/a")) }
    #expect(
      error?.reason
        == "refused http://example.invalid/a: plain http is allowed only to this machine (127.0.0.0/8, ::1, localhost); use https"
    )
  }
}
