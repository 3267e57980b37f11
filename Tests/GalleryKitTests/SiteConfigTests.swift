import Testing

@testable import GalleryKit

@Suite("Site settings")
struct SiteConfigTests {
  @Test(
    "a base URL is an absolute http(s) URL with a host, kept without trailing slashes",
    arguments: [
      ("https://example.org/cats/", "https://example.org/cats"),
      ("https://example.org//", "https://example.org"),
      ("http://example.org", "http://example.org"),
      ("HTTPS://Example.org/cats", "HTTPS://Example.org/cats"),
      ("example.org", nil),
      ("https://", nil),
      ("ftp://example.org", nil),
      ("/cats", nil),
    ] as [(String, String?)])
  func baseURL(text: String, expected: String?) {
    #expect(SiteConfig.baseURL(text) == expected)
  }
}
