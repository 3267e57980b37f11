import Foundation
import Testing

@testable import GalleryCore

/// An in-memory `HTTPTransport`: each URL answers from its own script, one
/// outcome per request in order, and every request is recorded as sent. A
/// request the script did not plan for fails the test that made it.
package final class FakeHTTPTransport: HTTPTransport {
  package enum Outcome: Sendable {
    case response(status: Int, headers: [HTTPHeader], body: Data)
    case failure(NetworkError)

    package static func status(_ status: Int, headers: [HTTPHeader] = []) -> Outcome {
      .response(status: status, headers: headers, body: Data())
    }

    package static func ok(_ body: String, headers: [HTTPHeader] = []) -> Outcome {
      .response(status: 200, headers: headers, body: Data(body.utf8))
    }
  }

  private let script: Locked<[String: [Outcome]]>
  private let log = Locked<[NetworkRequest]>([])

  /// `script` maps a URL's absolute string to the outcomes of its requests.
  package init(_ script: [String: [Outcome]]) {
    self.script = Locked(script)
  }

  package convenience init(_ url: URL, _ outcomes: [Outcome]) {
    self.init([url.absoluteString: outcomes])
  }

  /// Every request received, in order.
  package var requests: [NetworkRequest] { log.current }

  /// Outcomes scripted but never asked for.
  package var unused: Int { script.current.values.map(\.count).reduce(0, +) }

  package func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
    log.withLock { $0.append(request) }
    let next = script.withLock { script -> Outcome? in
      guard var outcomes = script[request.url.absoluteString], !outcomes.isEmpty else { return nil }
      let first = outcomes.removeFirst()
      script[request.url.absoluteString] = outcomes
      return first
    }
    switch next {
    case .response(let status, let headers, let body)?:
      return NetworkResponse(status: status, headers: headers, body: body, url: request.url)
    case .failure(let error)?:
      throw error
    case nil:
      Issue.record("unscripted request: \(request)")
      throw .other("unscripted request")
    }
  }
}
