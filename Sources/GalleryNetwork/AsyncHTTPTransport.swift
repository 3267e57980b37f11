import AsyncHTTPClient
import Foundation
import GalleryCore
import NIOCore
import NIOHTTP1
import NIOSSL

/// The real network, over swift-server's AsyncHTTPClient, with the limits a
/// transport owes every caller: certificates verified, connect and read
/// timeouts, a deadline on each whole exchange (`Deadline`), at most `maxConcurrentRequests` requests in flight, redirects
/// of a read followed by us (never by the library) so each hop is checked by
/// `URLPolicy` before anything is sent to it, a redirect of a write (POST,
/// PUT, DELETE) returned unfollowed, and a body size cap enforced while the
/// body streams in.
///
/// Lifetime: one transport for a whole command, shut down exactly once with
/// `shutdown()`, or scoped by `withTransport`, which always shuts it down.
/// It runs on NIO's process-wide event loop threads, so a transport starts
/// no threads of its own and none outlive it; AsyncHTTPClient stops a debug
/// build that forgets the shutdown.
package final class AsyncHTTPTransport: HTTPTransport {
  package struct Configuration: Sendable, Hashable {
    var connectTimeout: Duration = .seconds(10)
    /// The longest silence while waiting for or reading the response.
    package var readTimeout: Duration = .seconds(30)
    /// The longest one try of an exchange may take (redirects, head and
    /// body) when the request sets no `timeout` of its own.
    var totalTimeout: Duration = FetchSources.defaultTimeout
    package var maxBodyBytes = 50 * 1024 * 1024
    var maxRedirects = 5
    var maxConcurrentRequests = 4
    var userAgent = "catgallery/\(Version.current)"

    package init() {}
  }

  package let configuration: Configuration
  package let gate: RequestGate
  private let client: HTTPClient

  package init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.gate = RequestGate(limit: configuration.maxConcurrentRequests)
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.certificateVerification = .fullVerification
    tls.minimumTLSVersion = .tlsv12
    var settings = HTTPClient.Configuration(
      tlsConfiguration: tls,
      redirectConfiguration: .disallow,
      timeout: .init(
        connect: Self.timeAmount(configuration.connectTimeout), read: Self.timeAmount(configuration.readTimeout)),
      decompression: .disabled)
    // The policy layer decides about trying again; the library retrying a
    // refused connection until the timeout would only hide the refusal.
    settings.connectionPool.retryConnectionEstablishment = false
    settings.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = configuration.maxConcurrentRequests
    self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
  }

  /// Runs `body` with a new transport and shuts it down after, whether `body`
  /// returns or throws.
  static func withTransport<T>(
    configuration: Configuration = Configuration(), _ body: (AsyncHTTPTransport) async throws -> T
  ) async throws -> T {
    let transport = AsyncHTTPTransport(configuration: configuration)
    let result: Result<T, any Error>
    do { result = .success(try await body(transport)) } catch { result = .failure(error) }
    try await transport.shutdown()
    return try result.get()
  }

  /// Closes every connection. Call once, after the last request returned.
  package func shutdown() async throws {
    try await client.shutdown()
  }

  package func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
    try URLPolicy.check(request.url)
    // The deadline starts once a place is free: waiting behind our own
    // requests is not the server's slowness.
    return try await gate.withPlace { () async throws(NetworkError) -> NetworkResponse in
      try await Deadline.run(request.timeout ?? configuration.totalTimeout) {
        () async throws(NetworkError) -> NetworkResponse in
        try await self.follow(request)
      }
    }
  }

  /// Sends `request`, following the redirects of a read.
  private func follow(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
    var current = request
    var redirects = 0
    while true {
      let response = try await exchange(current)
      // A write is not sent again to wherever a redirect points: that would
      // repeat it (or, as clients do for 301-303, turn it into a GET that
      // carries the key). The redirect itself is the answer.
      guard current.method.isRead, let target = Self.redirectTarget(of: response, from: current.url) else {
        return try await NetworkResponse(
          status: Int(response.status.code), headers: Self.headers(of: response),
          body: collect(
            response.body, declaredLength: Self.declaredLength(of: response, for: current),
            limit: bodyLimit(of: current)),
          url: current.url)
      }
      // Read the redirect's own small body so the connection can be reused.
      _ = try await collect(
        response.body, declaredLength: Self.declaredLength(of: response, for: current), limit: bodyLimit(of: current))
      guard redirects < configuration.maxRedirects else {
        throw .tooManyRedirects(limit: configuration.maxRedirects)
      }
      try URLPolicy.checkRedirect(to: target)
      // The first hop was screened by the caller; where a redirect leads is
      // known only now.
      if current.refusesPrivateAddresses, let reason = AddressPolicy.refusal(host: target.host ?? "") {
        throw .redirectRefused(to: NetworkRequest.redacted(target), .privateAddress(reason))
      }
      redirects += 1
      current = current.following(to: target)
    }
  }

  /// Sends one request, following nothing; the body is still to be read.
  private func exchange(_ request: NetworkRequest) async throws(NetworkError) -> HTTPClientResponse {
    var outgoing = HTTPClientRequest(url: request.url.absoluteString)
    outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
    outgoing.headers.add(name: "User-Agent", value: configuration.userAgent)
    for header in request.headers {
      outgoing.headers.replaceOrAdd(name: header.name, value: header.value)
    }
    if let body = request.body {
      outgoing.body = .bytes(ByteBuffer(bytes: body))
    }
    // The library's deadline for the head is the whole try's own: `Deadline`
    // bounds the try, and a shorter limit here would cut a slow but allowed
    // answer before the `sources.timeout` the user set.
    var limits = configuration
    limits.totalTimeout = request.timeout ?? configuration.totalTimeout
    do {
      return try await client.execute(outgoing, timeout: Self.timeAmount(limits.totalTimeout))
    } catch {
      throw NetworkError(error, configuration: limits, host: request.url.host ?? "")
    }
  }

  /// The whole body, refused as soon as it is known to exceed the cap: from
  /// a `Content-Length` before reading, otherwise by counting as it streams.
  private func collect(_ body: HTTPClientResponse.Body, declaredLength: Int?, limit: Int) async throws(NetworkError)
    -> Data
  {
    if let declaredLength, declaredLength > limit { throw .tooLarge(limit: limit) }
    var data = Data()
    do {
      for try await chunk in body {
        // Leaving the loop by throwing cancels the transfer; the rest is never read.
        guard data.count + chunk.readableBytes <= limit else { throw NetworkError.tooLarge(limit: limit) }
        data.append(contentsOf: chunk.readableBytesView)
      }
    } catch let error as NetworkError {
      throw error
    } catch {
      throw NetworkError(error, configuration: configuration, host: "")
    }
    return data
  }

  /// The body cap for `request`: its own, if lower than the transport's.
  private func bodyLimit(of request: NetworkRequest) -> Int {
    min(request.maxBodyBytes ?? configuration.maxBodyBytes, configuration.maxBodyBytes)
  }

  /// Where a 301, 302, 303, 307 or 308 points, resolved against the URL that answered.
  private static func redirectTarget(of response: HTTPClientResponse, from url: URL) -> URL? {
    guard [301, 302, 303, 307, 308].contains(response.status.code),
      let location = response.headers.first(name: "location")
    else { return nil }
    return URL(string: location, relativeTo: url)?.absoluteURL
  }

  /// The body length the server announced; nil for HEAD, whose
  /// `Content-Length` describes a body that is not sent.
  private static func declaredLength(of response: HTTPClientResponse, for request: NetworkRequest) -> Int? {
    guard request.method != .head else { return nil }
    return response.headers.first(name: "content-length").flatMap { Int($0) }
  }

  private static func headers(of response: HTTPClientResponse) -> [HTTPHeader] {
    response.headers.map { HTTPHeader($0.name, $0.value) }
  }

  package static func timeAmount(_ duration: Duration) -> TimeAmount {
    .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
  }
}
