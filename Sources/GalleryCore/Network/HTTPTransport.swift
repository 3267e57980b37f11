/// The network edge: one request out, one complete response back, with no
/// policy beyond the transport's own limits. `Fetcher` adds retries and
/// conditional requests on top of any transport; `AsyncHTTPTransport` is the
/// real one and tests script a fake.
///
/// A transport answers every status it receives (a 500 is a response, not an
/// error) and throws only when no complete response arrived.
package protocol HTTPTransport: Sendable {
  func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse
}
