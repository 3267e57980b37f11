import Foundation
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

/// A photo URL an API named may be public and redirect to this machine:
/// where a redirect leads is checked as the first hop was.
@Suite("AsyncHTTPTransport: redirects to private addresses")
struct AsyncHTTPTransportPrivateRedirectTests {
  @Test("a redirect to a loopback address is not followed when the request refuses private addresses")
  func redirectToLoopback() async throws {
    try await AsyncHTTPTransportTests.withServer(AsyncHTTPTransportTests.hops) { server, transport in
      var request = NetworkRequest(.get, server.url("/hop/1"))
      request.refusesPrivateAddresses = true
      let result: Result<NetworkResponse, NetworkError>
      do throws(NetworkError) { result = .success(try await transport.send(request)) } catch {
        result = .failure(error)
      }
      let target = server.url("/hop/0").absoluteString
      #expect(result == .failure(.redirectRefused(to: target, .privateAddress("127.0.0.1, a loopback address"))))
      #expect(server.paths == ["/hop/1"])
      // Without the flag (a request the user configured) the same redirect is followed.
      let followed = try await transport.send(NetworkRequest(.get, server.url("/hop/1")))
      #expect(String(decoding: followed.body, as: UTF8.self) == "arrived")
    }
  }
}
