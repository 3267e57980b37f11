import Foundation
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

@Suite("Secrets never appear in a description or a message")
struct SecretRedactionTests {
  static let key = "live_SECRET_0123456789"

  static var request: NetworkRequest {
    NetworkRequest(
      .get, URL.literal("https://user:hunter2@api.example.invalid/rest/cats?apikey=\(key)&max=5"),
      headers: [
        HTTPHeader("Accept", "application/json"), .secret("x-api-key", key, from: "CAT_API_KEY"),
        HTTPHeader("Authorization", "Bearer \(key)"),
      ])
  }

  /// Every way a request can be turned into text by accident.
  static var renderings: [String] {
    var dumped = ""
    dump(request, to: &dumped)
    return [
      "\(request)", String(reflecting: request), dumped, "\(request.headers)", String(reflecting: request.headers),
    ]
  }

  @Test("a request's description, debug description and dump redact the key, the query key and the password")
  func requestRenderings() {
    for text in Self.renderings {
      #expect(!text.contains(Self.key), "leaked in: \(text)")
      #expect(!text.contains("hunter2"), "leaked in: \(text)")
    }
    #expect(String(reflecting: Self.request).contains("x-api-key: <redacted>"))
    #expect(String(reflecting: Self.request).contains("Accept: application/json"))
    #expect("\(Self.request)".contains("max=5"))
  }

  @Test(
    "headers that carry credentials are secret by name, whatever their case",
    arguments: ["x-api-key", "X-APIKEY", "Authorization", "Cookie", "set-cookie", "Proxy-Authorization"])
  func secretByName(name: String) {
    let header = HTTPHeader(name, Self.key)
    #expect(header.isSecret)
    #expect(!"\(header)".contains(Self.key))
  }

  @Test("an ordinary header is shown as it is")
  func ordinaryHeader() {
    #expect("\(HTTPHeader("Accept", "image/jpeg"))" == "Accept: image/jpeg")
  }

  @Test("no fetch error message contains the key, whatever went wrong")
  func errorMessages() {
    let kinds: [FetchError.Kind] = [
      .unauthorized(status: 401, variable: "CAT_API_KEY"), .unauthorized(status: 403, variable: nil),
      .status(503, tries: 4), .transport(.connectionRefused, tries: 1), .transport(.tooLarge(limit: 1024), tries: 1),
      .cancelled,
    ]
    for kind in kinds {
      let error = FetchError(Self.request, kind)
      for text in ["\(error)", String(reflecting: error), error.message] {
        #expect(!text.contains(Self.key), "leaked in: \(text)")
        #expect(!text.contains("hunter2"), "leaked in: \(text)")
      }
    }
  }

  @Test("a redirect to another origin leaves secret headers behind; the same origin keeps them")
  func redirectsDropSecrets() {
    let request = NetworkRequest(
      .get, URL.literal("https://api.example.invalid/a"),
      headers: [HTTPHeader("Accept", "*/*"), .secret("x-api-key", Self.key)])
    let same = request.following(to: URL.literal("https://api.example.invalid:443/b"))
    #expect(same.headers.value(of: "x-api-key") == Self.key)
    for target in [
      "https://cdn.example.invalid/a", "http://api.example.invalid/a", "https://api.example.invalid:8443/a",
    ] {
      let other = request.following(to: URL.literal(target))
      #expect(other.headers.value(of: "x-api-key") == nil, "kept for \(target)")
      #expect(other.headers.value(of: "Accept") == "*/*")
    }
  }
}
