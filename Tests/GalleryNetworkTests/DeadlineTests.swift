import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

@Suite("The total deadline of one request")
struct DeadlineTests {
  @Test("an exchange that ends in time is its own answer")
  func inTime() async throws {
    let answer = try await Deadline.run(.seconds(5)) { () async throws(NetworkError) -> Int in 42 }
    #expect(answer == 42)
  }

  // No wall-clock bound here (a loaded machine delays every timer): the time
  // limit fails the test only if the deadline never cuts the exchange off.
  @Test("an exchange still going at the deadline is cut off, and told so", .timeLimit(.minutes(1)))
  func cutOff() async {
    await #expect(throws: NetworkError.timedOut(.total, after: .milliseconds(200))) {
      try await Deadline.run(.milliseconds(200)) { () async throws(NetworkError) -> Int in
        // A trickling body: never done, but always cancellable.
        while true {
          do { try await Task.sleep(for: .milliseconds(50)) } catch { throw .cancelled }
        }
      }
    }
    #expect(
      NetworkError.timedOut(.total, after: .seconds(60)).reason
        == "no complete answer within 60 s (sources.timeout in site.yml)")
  }

  @Test("a request's own timeout comes from sources.timeout, 60 s unless set")
  func fromSiteYML() throws {
    #expect(try FetchSources.parsed("sources:\n  facts:\n").0.timeout == .seconds(60))
    let (set, none) = try FetchSources.parsed(
      "sources:\n  timeout: 2.5\n  restdb:\n    url: https://db.example/rest/cats\n")
    #expect(none.isEmpty && set.timeout == .milliseconds(2500) && set.restdb?.timeout == .milliseconds(2500))
    #expect(
      try FetchSources.parsed("sources:\n  timeout: 0\n").1 == [
        "content/site.yml:2:12: error: timeout in sources must be a number of seconds from 1 to 3600, found 0"
      ])
  }
}
