import Foundation
import Testing

@testable import GalleryNetwork

@Suite("Retry policy: which statuses, how long to wait")
struct RetryPolicyTests {
  static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test(
    "5xx and 429 are retryable; other statuses are not",
    arguments: [
      (500, true), (502, true), (503, true), (504, true), (599, true), (429, true), (400, false), (401, false),
      (403, false), (404, false), (304, false), (200, false),
    ])
  func retryable(status: Int, expected: Bool) {
    #expect(RetryPolicy.isRetryable(status: status) == expected)
  }

  @Test(
    "the backoff doubles from 500 ms, stops at 8 s, and jitter keeps half to all of it",
    arguments: [
      (2, 1.0, Duration.milliseconds(500)), (3, 1.0, .seconds(1)), (4, 1.0, .seconds(2)), (2, 0.0, .milliseconds(250)),
      (4, 0.5, .milliseconds(1500)), (9, 1.0, .seconds(8)), (200, 1.0, .seconds(8)),
    ])
  func backoff(nextTry: Int, jitter: Double, expected: Duration) {
    #expect(RetryPolicy().backoff(beforeTry: nextTry, jitter: jitter) == expected)
  }

  @Test(
    "Retry-After in seconds and in all three HTTP-date forms, capped; nonsense is ignored",
    arguments: [
      ("120", Duration?.some(.seconds(60))), ("7", .seconds(7)), (" 7 ", .seconds(7)),
      ("99999999999999999999999", .seconds(60)),
      ("Sun, 06 Nov 1994 08:49:47 GMT", .seconds(10)), ("Sunday, 06-Nov-94 08:49:42 GMT", .seconds(5)),
      ("Sun Nov  6 08:49:39 1994", .seconds(2)), ("Sun, 06 Nov 1994 08:40:00 GMT", .zero),
      ("-5", nil), ("in a while", nil), ("", nil),
    ])
  func retryAfter(value: String, expected: Duration?) {
    #expect(RetryPolicy().retryAfter(value, now: Self.now) == expected)
  }
}
