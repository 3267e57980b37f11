import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryNetwork

/// The real transport against a real server on 127.0.0.1: nothing here
/// reaches any other address (refused URLs are refused before any lookup).
@Suite("AsyncHTTPTransport against a loopback server")
struct AsyncHTTPTransportTests {
  static let key = "live_SECRET_0123456789"

  /// Starts a server with `routes` and a transport with `configuration`, runs
  /// `body`, and shuts both down whatever happens.
  static func withServer(
    configuration: AsyncHTTPTransport.Configuration = AsyncHTTPTransport.Configuration(),
    _ routes: (LoopbackServer.Routes) -> Void,
    _ body: (LoopbackServer, AsyncHTTPTransport) async throws -> Void
  ) async throws {
    let server = try await LoopbackServer.start(routes)
    do {
      try await AsyncHTTPTransport.withTransport(configuration: configuration) { try await body(server, $0) }
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  static func send(_ transport: AsyncHTTPTransport, _ url: URL, headers: [HTTPHeader] = []) async
    -> Result<NetworkResponse, NetworkError>
  {
    do { return .success(try await transport.send(NetworkRequest(.get, url, headers: headers))) } catch {
      return .failure(error)
    }
  }

  @Test("a JSON GET returns status, headers and body, with the request's headers delivered")
  func jsonGet() async throws {
    let seen = Locked<[String: String]>([:])
    try await Self.withServer { router in
      router.get("cats.json") { request, _ -> Response in
        seen.set(["accept": request.headers[.accept] ?? "", "key": request.headers[HTTPField.Name("x-api-key")!] ?? ""])
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.eTag] = "\"v1\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: #"[{"id":"abys"}]"#)))
      }
    } _: { server, transport in
      let request = NetworkRequest(
        .get, server.url("/cats.json"),
        headers: [HTTPHeader("Accept", "application/json"), .secret("x-api-key", Self.key)])
      let response = try await transport.send(request)
      #expect(response.status == 200)
      #expect(response.value(of: "content-type") == "application/json")
      #expect(response.validators.etag == "\"v1\"")
      let cats = try JSONDecoder().decode([[String: String]].self, from: response.body)
      #expect(cats == [["id": "abys"]])
      #expect(seen.current == ["accept": "application/json", "key": Self.key])
    }
  }

  /// `/hop/N` redirects to `/hop/N-1`; `/hop/0` answers.
  static func hops(_ router: LoopbackServer.Routes) {
    router.get("hop/:count") { _, context -> Response in
      let count = context.parameters.get("count", as: Int.self) ?? 0
      guard count > 0 else { return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "arrived"))) }
      return Response(status: .found, headers: [.location: "/hop/\(count - 1)"])
    }
  }

  @Test("five redirects are followed")
  func fiveRedirects() async throws {
    try await Self.withServer(Self.hops) { server, transport in
      let response = try await transport.send(NetworkRequest(.get, server.url("/hop/5")))
      #expect(String(decoding: response.body, as: UTF8.self) == "arrived")
      #expect(response.url == server.url("/hop/0"))
      #expect(server.paths == (0...5).reversed().map { "/hop/\($0)" })
    }
  }

  @Test("a sixth redirect is refused, and not requested")
  func sixRedirects() async throws {
    try await Self.withServer(Self.hops) { server, transport in
      let result = await Self.send(transport, server.url("/hop/6"))
      #expect(result == .failure(.tooManyRedirects(limit: 5)))
      #expect(server.paths == (1...6).reversed().map { "/hop/\($0)" })
    }
  }

  @Test("a redirect from loopback http to another host's http is refused before any lookup or connection")
  func redirectToPlainHTTPElsewhere() async throws {
    try await Self.withServer { router in
      router.get("away") { _, _ in
        Response(status: .movedPermanently, headers: [.location: "http://example.invalid/cats"])
      }
    } _: { server, transport in
      // A lookup of .invalid would fail as "host not found"; this refusal comes first.
      let result = await Self.send(transport, server.url("/away"))
      #expect(result == .failure(.redirectRefused(to: "http://example.invalid/cats", .plainHTTP)))
    }
  }

  @Test(
    "secret headers follow a redirect within the origin and are dropped when it leaves",
    arguments: [
      ("/to-same", Self.key), ("/to-localhost", "none"),
    ])
  func secretsOnRedirect(path: String, expected: String) async throws {
    // The routes exist before the port is known; the redirect reads it when asked.
    let port = Locked(0)
    try await Self.withServer { router in
      router.get("key") { request, _ in request.headers[HTTPField.Name("x-api-key")!] ?? "none" }
      router.get("to-same") { _, _ in Response(status: .temporaryRedirect, headers: [.location: "/key"]) }
      router.get("to-localhost") { _, _ in
        Response(status: .temporaryRedirect, headers: [.location: "http://localhost:\(port.current)/key"])
      }
    } _: { server, transport in
      port.set(server.port)
      let response = try await transport.send(
        NetworkRequest(.get, server.url(path), headers: [.secret("x-api-key", Self.key)]))
      #expect(String(decoding: response.body, as: UTF8.self) == expected)
    }
  }

  @Test(
    "plain http to an address that is not loopback is refused without connecting",
    arguments: [
      "http://example.invalid/", "http://10.0.0.1/", "http://127.0.0.1.example.invalid/",
    ])
  func plainHTTPRefused(url: String) async throws {
    try await AsyncHTTPTransport.withTransport { transport in
      let result = await Self.send(transport, URL.literal(url))
      #expect(result == .failure(.refused(url: url, .plainHTTP)))
    }
  }

  @Test("the fetcher over the real transport: a 503 with Retry-After is retried, then a stored ETag gets a 304")
  func fetcherOverTheRealTransport() async throws {
    let answered = Locked(0)
    try await Self.withServer { router in
      router.get("facts") { request, _ -> Response in
        let count = answered.increment()
        if count == 1 { return Response(status: .serviceUnavailable, headers: [.retryAfter: "1"]) }
        if request.headers[.ifNoneMatch] == "\"f1\"" { return Response(status: .notModified) }
        return Response(status: .ok, headers: [.eTag: "\"f1\""], body: .init(byteBuffer: ByteBuffer(string: "[]")))
      }
    } _: { server, transport in
      let waits = Locked<[Duration]>([])
      let fetcher = Fetcher(transport: transport, sleep: { wait in waits.withLock { $0.append(wait) } })
      let request = NetworkRequest(.get, server.url("/facts"))
      let first = try #require(try await fetcher.fetch(request).response)
      #expect(waits.current == [.seconds(1)])
      #expect(try await fetcher.fetch(request, validators: first.validators) == .notModified)
      #expect(answered.current == 3)
    }
  }
}
