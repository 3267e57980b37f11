import Foundation
import GalleryCore

/// The one way the program asks the network for something: any
/// `HTTPTransport` plus the rules every caller needs, implemented once.
///
/// - A 5xx, a 429 or a transient transport error (a timeout, a dropped
///   connection) is tried again, up to `policy.maxTries` tries in all, after
///   the server's `Retry-After` or a jittered exponential backoff.
/// - 401 and 403 fail at once: a refused key does not get better by asking
///   again, and the message names the environment variable it came from.
/// - Given stored validators, the request asks "only if changed" and a 304
///   comes back as `.notModified`.
/// - Every failure is a `FetchError` naming the request with secrets redacted.
///
/// Waiting goes through the injected `sleep`, so tests run instantly and can
/// record every wait.
package struct Fetcher: Sendable {
  package typealias Sleep = @Sendable (Duration) async throws -> Void

  package let transport: any HTTPTransport
  package let policy: RetryPolicy
  private let sleep: Sleep
  private let jitter: @Sendable () -> Double
  private let now: @Sendable () -> Date

  /// `jitter` returns a number in 0..<1; `now` is the clock HTTP-dates in
  /// `Retry-After` are measured against.
  package init(
    transport: any HTTPTransport,
    policy: RetryPolicy = RetryPolicy(),
    sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
    jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.transport = transport
    self.policy = policy
    self.sleep = sleep
    self.jitter = jitter
    self.now = now
  }

  /// Sends `request` (with conditional headers when `validators` has any)
  /// until it succeeds, is not modified, or fails for good.
  package func fetch(_ request: NetworkRequest, validators: Validators = Validators()) async throws(FetchError)
    -> FetchResult
  {
    var sent = request
    for header in validators.conditionalHeaders { sent.headers.set(header) }
    var tries = 0
    while true {
      if Task.isCancelled { throw FetchError(request, .cancelled) }
      tries += 1
      let outcome: Result<NetworkResponse, NetworkError>
      do { outcome = .success(try await transport.send(sent)) } catch { outcome = .failure(error) }
      let wait: Duration
      switch outcome {
      case .success(let response):
        if let result = try accept(response, for: request, tries: tries) { return result }
        wait =
          response.value(of: "Retry-After").flatMap { policy.retryAfter($0, now: now()) }
          ?? policy.backoff(beforeTry: tries + 1, jitter: jitter())
      case .failure(.cancelled):
        throw FetchError(request, .cancelled)
      case .failure(let error):
        guard error.isTransient, tries < policy.maxTries else {
          throw FetchError(request, .transport(error, tries: tries))
        }
        wait = policy.backoff(beforeTry: tries + 1, jitter: jitter())
      }
      do { try await sleep(wait) } catch { throw FetchError(request, .cancelled) }
    }
  }

  /// The result for a final response, nil for one worth another try, or the
  /// error that ends the fetch.
  private func accept(_ response: NetworkResponse, for request: NetworkRequest, tries: Int) throws(FetchError)
    -> FetchResult?
  {
    if response.isSuccess { return .fetched(response) }
    switch response.status {
    case 304:
      return .notModified
    case 401, 403:
      throw FetchError(request, .unauthorized(status: response.status, variable: request.keyVariable))
    case let status where RetryPolicy.isRetryable(status: status) && tries < policy.maxTries:
      return nil
    default:
      throw FetchError(request, .status(response.status, tries: tries))
    }
  }
}
