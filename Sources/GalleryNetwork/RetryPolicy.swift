import Foundation

/// When to try a request again and how long to wait first: up to `maxTries`
/// tries on a 5xx, a 429 or a transient transport error, waiting an
/// exponentially growing, jittered delay, or what the server's `Retry-After`
/// asks (never longer than `maxRetryAfter`).
package struct RetryPolicy: Sendable, Hashable {
  /// Tries in all, the first included.
  var maxTries = 4
  /// The wait before the second try; doubled before each try after that.
  var baseDelay: Duration = .milliseconds(500)
  /// The longest computed wait.
  var maxDelay: Duration = .seconds(8)
  /// The longest wait a server's `Retry-After` can ask for: a server asking
  /// for an hour gets a try after a minute, and the message after the last.
  var maxRetryAfter: Duration = .seconds(60)

  /// Whether a response with `status` is worth another try.
  static func isRetryable(status: Int) -> Bool {
    status == 429 || (500..<600).contains(status)
  }

  /// The wait before try number `nextTry` (2 for the first retry); `jitter`
  /// is a number in 0..<1 spreading clients that failed together so they do
  /// not come back together: the wait is between half and all of the
  /// exponential delay.
  func backoff(beforeTry nextTry: Int, jitter: Double) -> Duration {
    let doublings = max(0, nextTry - 2)
    let exponential = doublings >= 30 ? maxDelay : min(maxDelay, baseDelay * (1 << doublings))
    // Whole milliseconds: a wait needs no finer grain, and tests compare exactly.
    let milliseconds = (exponential / .milliseconds(1)) * (0.5 + 0.5 * min(max(jitter, 0), 1))
    return .milliseconds(Int64(milliseconds.rounded()))
  }

  /// The wait a `Retry-After` value asks for, capped: delay-seconds
  /// (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`) measured from
  /// `now`. Nil for a value that is neither, so the backoff applies instead.
  func retryAfter(_ value: String, now: Date) -> Duration? {
    let text = value.trimmingCharacters(in: .whitespaces)
    let wait: Duration
    if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      // A huge number of seconds is still "later than the cap".
      wait = Int(text).map { Duration.seconds($0) } ?? maxRetryAfter
    } else if let date = Self.httpDate(text) {
      wait = .milliseconds(Int64(max(0, date.timeIntervalSince(now)) * 1000))
    } else {
      return nil
    }
    return min(wait, maxRetryAfter)
  }

  /// Parses the three date forms HTTP allows (RFC 9110 5.6.7): IMF-fixdate,
  /// the obsolete RFC 850 form and asctime.
  static func httpDate(_ text: String) -> Date? {
    // asctime pads a one-digit day with a second space.
    let text = text.split(separator: " ").joined(separator: " ")
    for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: text) { return date }
    }
    return nil
  }
}
