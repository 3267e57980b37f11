import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

@Suite("Fetcher: retries, backoff and conditional requests over a fake transport")
struct FetcherTests {
  static let url = URL.literal("https://api.example.invalid/v1/images/search?limit=10")
  static let key = "live_SECRET_0123456789"
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// A fetcher whose waits are recorded instead of slept, with no jitter
  /// (the factor is always 1), so the waits are exact.
  struct Harness {
    let transport: FakeHTTPTransport
    let waits = Locked<[Duration]>([])

    init(_ outcomes: [FakeHTTPTransport.Outcome]) {
      transport = FakeHTTPTransport(FetcherTests.url, outcomes)
    }

    var fetcher: Fetcher {
      let waits = self.waits
      return Fetcher(
        transport: transport, sleep: { wait in waits.withLock { $0.append(wait) } }, jitter: { 1 },
        now: { FetcherTests.now })
    }

    func fetch(validators: Validators = Validators()) async throws(FetchError) -> FetchResult {
      try await fetcher.fetch(FetcherTests.request, validators: validators)
    }
  }

  static var request: NetworkRequest {
    NetworkRequest(
      .get, url,
      headers: [HTTPHeader("Accept", "application/json"), .secret("x-api-key", key, from: "CAT_API_KEY")])
  }

  @Test(
    "a 500, 502, 503 or 429 is tried again, with exponential waits, until it succeeds", arguments: [500, 502, 503, 429])
  func retriesThenSucceeds(status: Int) async throws {
    let harness = Harness([.status(status), .status(status), .ok("[]")])
    let result = try await harness.fetch()
    #expect(result.response?.body == Data("[]".utf8))
    #expect(harness.transport.requests.count == 3)
    #expect(harness.transport.unused == 0)
    #expect(harness.waits.current == [.milliseconds(500), .seconds(1)])
  }

  @Test(
    "a read timeout and a dropped connection are tried again",
    arguments: [
      NetworkError.timedOut(.read, after: .milliseconds(300)), .connectionLost,
    ])
  func retriesTransportErrors(error: NetworkError) async throws {
    let harness = Harness([.failure(error), .ok("{}")])
    #expect(try await harness.fetch().response?.status == 200)
    #expect(harness.transport.requests.count == 2)
  }

  @Test(
    "Retry-After is waited for, in seconds or as an HTTP-date, capped at a minute",
    arguments: [
      ("2", Duration.seconds(2)),
      ("0", .zero),
      ("Tue, 14 Nov 2023 22:13:23 GMT", .seconds(3)),
      ("3600", .seconds(60)),
      ("soon", .milliseconds(500)),
    ])
  func honoursRetryAfter(value: String, wait: Duration) async throws {
    let harness = Harness([.status(429, headers: [HTTPHeader("Retry-After", value)]), .ok("{}")])
    _ = try await harness.fetch()
    #expect(harness.waits.current == [wait])
  }

  @Test("after 4 tries the error names the request, without the key, and the last status")
  func givesUp() async throws {
    let harness = Harness(Array(repeating: .status(503), count: 4))
    let error = try await #require(throws: FetchError.self) { try await harness.fetch() }
    #expect(
      error.message
        == "GET https://api.example.invalid/v1/images/search?limit=10: 503 (Service Unavailable) after 4 tries")
    #expect(!"\(error)".contains(Self.key))
    #expect(harness.transport.requests.count == 4)
    #expect(harness.waits.current == [.milliseconds(500), .seconds(1), .seconds(2)])
  }

  @Test("a transport error that persists is reported with its reason after 4 tries")
  func givesUpOnTimeouts() async throws {
    let harness = Harness(Array(repeating: .failure(.timedOut(.connect, after: .seconds(10))), count: 4))
    let error = try await #require(throws: FetchError.self) { try await harness.fetch() }
    #expect(error.message.hasSuffix(": no connection within 10 s after 4 tries"))
  }

  @Test("401 and 403 are not tried again, and the message names the key's variable", arguments: [401, 403])
  func refusedKey(status: Int) async throws {
    let harness = Harness([.status(status)])
    let error = try await #require(throws: FetchError.self) { try await harness.fetch() }
    #expect(harness.transport.requests.count == 1)
    #expect(harness.waits.current.isEmpty)
    #expect(error.message.hasSuffix(": check the key in CAT_API_KEY"))
    #expect(error.message.contains("\(status) ("))
    #expect(!error.message.contains(Self.key))
  }

  @Test("a refusal without a named key says the credentials were refused")
  func refusedWithoutVariable() async throws {
    let transport = FakeHTTPTransport(Self.url, [.status(401)])
    let fetcher = Fetcher(transport: transport, sleep: { _ in })
    let error = try await #require(throws: FetchError.self) { try await fetcher.fetch(NetworkRequest(.get, Self.url)) }
    #expect(error.message.hasSuffix("401 (Unauthorized): the server refused the credentials"))
  }

  @Test(
    "404, connection refused and a refused scheme fail at once",
    arguments: [
      FakeHTTPTransport.Outcome.status(404), .failure(.connectionRefused),
      .failure(.refused(url: "http://example.invalid/", .plainHTTP)),
    ])
  func permanentFailures(outcome: FakeHTTPTransport.Outcome) async throws {
    let harness = Harness([outcome])
    _ = try await #require(throws: FetchError.self) { try await harness.fetch() }
    #expect(harness.transport.requests.count == 1)
  }

  @Test("stored validators are sent as If-None-Match and If-Modified-Since; a 304 is not modified")
  func notModified() async throws {
    let harness = Harness([.status(304)])
    let stored = Validators(etag: "\"v42\"", lastModified: "Tue, 14 Nov 2023 22:13:20 GMT")
    #expect(try await harness.fetch(validators: stored) == .notModified)
    let sent = try #require(harness.transport.requests.first)
    #expect(sent.headers.value(of: "if-none-match") == "\"v42\"")
    #expect(sent.headers.value(of: "If-Modified-Since") == "Tue, 14 Nov 2023 22:13:20 GMT")
    #expect(sent.headers.value(of: "x-api-key") == Self.key)
  }

  @Test("without validators no conditional header is sent, and a response's validators are offered to store")
  func freshFetch() async throws {
    let harness = Harness([.ok("{}", headers: [HTTPHeader("ETag", "W/\"7\""), HTTPHeader("Last-Modified", "x")])])
    let response = try #require(try await harness.fetch().response)
    #expect(response.validators == Validators(etag: "W/\"7\"", lastModified: "x"))
    let sent = try #require(harness.transport.requests.first)
    #expect(sent.headers.value(of: "If-None-Match") == nil)
    #expect(sent.headers.value(of: "If-Modified-Since") == nil)
  }

  @Test("a sleep interrupted by cancellation ends the fetch as cancelled")
  func cancelledWhileWaiting() async throws {
    let transport = FakeHTTPTransport(Self.url, [.status(503)])
    let fetcher = Fetcher(transport: transport, sleep: { _ in throw CancellationError() })
    let error = try await #require(throws: FetchError.self) { try await fetcher.fetch(Self.request) }
    #expect(error.kind == .cancelled)
  }
}
