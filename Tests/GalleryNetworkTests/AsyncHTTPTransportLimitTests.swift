import Foundation
import Hummingbird
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryNetwork

/// The real transport's limits (timeouts, body cap, concurrency) against a
/// loopback server whose handlers wait on events the test controls.
@Suite("AsyncHTTPTransport limits")
struct AsyncHTTPTransportLimitTests {
  typealias Configuration = AsyncHTTPTransport.Configuration

  static func configuration(_ change: (inout Configuration) -> Void) -> Configuration {
    var configuration = Configuration()
    change(&configuration)
    return configuration
  }

  @Test("a server silent for longer than the read timeout fails the request as a read timeout")
  func readTimeout() async throws {
    let released = Locked(false)
    try await AsyncHTTPTransportTests.withServer(
      configuration: Self.configuration { $0.readTimeout = .milliseconds(300) }
    ) { router in
      router.get("slow") { _, _ -> String in
        try await Wait.until("the test is done", seconds: 60) { released.current }
        return "too late"
      }
    } _: { server, transport in
      let result = await AsyncHTTPTransportTests.send(transport, server.url("/slow"))
      released.set(true)
      #expect(result == .failure(.timedOut(.read, after: .milliseconds(300))))
    }
  }

  /// Bodies around a 1000-byte cap: declared with a Content-Length, or
  /// streamed without one and never finished, so only a cap enforced while
  /// streaming can end the request (otherwise it ends as a read timeout).
  static func bodies(_ router: LoopbackServer.Routes, released: Locked<Bool>) {
    router.get("declared/:size") { _, context -> Response in
      let size = context.parameters.get("size", as: Int.self) ?? 0
      return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(repeating: 0x63, count: size)))
    }
    router.get("streamed") { _, _ -> Response in
      Response(
        status: .ok,
        body: ResponseBody { writer in
          for _ in 0..<20 { try await writer.write(ByteBuffer(repeating: 0x63, count: 100)) }
          try await Wait.until("the test is done", seconds: 60) { released.current }
          try await writer.finish(nil)
        })
    }
  }

  @Test(
    "a body over the cap is refused, whether its length is declared or it streams",
    arguments: [
      "/declared/1001", "/declared/2000000", "/streamed",
    ])
  func tooLarge(path: String) async throws {
    let released = Locked(false)
    let configuration = Self.configuration {
      $0.maxBodyBytes = 1000
      $0.readTimeout = .seconds(20)
    }
    try await AsyncHTTPTransportTests.withServer(configuration: configuration) {
      Self.bodies($0, released: released)
    } _: { server, transport in
      let result = await AsyncHTTPTransportTests.send(transport, server.url(path))
      released.set(true)
      #expect(result == .failure(.tooLarge(limit: 1000)))
    }
  }

  @Test("a body exactly at the cap is accepted")
  func atTheCap() async throws {
    try await AsyncHTTPTransportTests.withServer(configuration: Self.configuration { $0.maxBodyBytes = 1000 }) {
      Self.bodies($0, released: Locked(true))
    } _: { server, transport in
      let response = try await transport.send(NetworkRequest(.get, server.url("/declared/1000")))
      #expect(response.body.count == 1000)
    }
  }

  /// What the server saw of concurrent requests.
  struct Meter {
    var inFlight = 0
    var maximum = 0
    var arrived = 0
    /// Requests waiting for the current release.
    var held = 0
    var release = 0
  }

  @Test("no more than 4 requests are ever in flight at once")
  func concurrency() async throws {
    let total = 10
    let meter = Locked(Meter())
    try await AsyncHTTPTransportTests.withServer { router in
      router.get("held") { _, _ -> String in
        let release = meter.withLock { meter in
          meter.inFlight += 1
          meter.maximum = max(meter.maximum, meter.inFlight)
          meter.arrived += 1
          meter.held += 1
          return meter.release
        }
        try await Wait.until("released", seconds: 60) { meter.current.release > release }
        meter.withLock { $0.inFlight -= 1 }
        return "ok"
      }
    } _: { server, transport in
      // Holds each batch until no further request can arrive without one
      // finishing: all arrived, or 4 held with every other request queued in
      // the transport. Without the limit the first condition alone would
      // release, with all 10 in flight.
      let releaser = Task {
        while meter.current.arrived < total || meter.current.held > 0 {
          try await Wait.until("a batch is held") {
            let now = meter.current
            return now.held > 0
              && (now.arrived == total || (now.held == 4 && transport.gate.waiting == total - now.arrived))
          }
          meter.withLock {
            $0.release += 1
            $0.held = 0
          }
        }
      }
      let results = await withTaskGroup(of: Result<NetworkResponse, NetworkError>.self) { group in
        for _ in 0..<total { group.addTask { await AsyncHTTPTransportTests.send(transport, server.url("/held")) } }
        return await group.reduce(into: []) { $0.append($1) }
      }
      try await releaser.value
      #expect(results.allSatisfy { (try? $0.get().status) == 200 })
      #expect(meter.current.maximum == 4)
      #expect(server.paths.count == total)
    }
  }

  @Test("a closed port is reported as connection refused")
  func connectionRefused() async throws {
    let server = try await LoopbackServer.start { _ in }
    let url = server.url("/")
    await server.stop()
    try await AsyncHTTPTransport.withTransport { transport in
      let result = await AsyncHTTPTransportTests.send(transport, url)
      #expect(result == .failure(.connectionRefused))
    }
  }
}
