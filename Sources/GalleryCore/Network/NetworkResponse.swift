import Foundation

/// What a server answered, complete: the status, the headers and the whole
/// body (already checked against the size cap), and the URL that answered
/// after any redirects.
package struct NetworkResponse: Sendable, Hashable {
  package var status: Int
  package var headers: [HTTPHeader]
  package var body: Data
  package var url: URL

  package init(status: Int, headers: [HTTPHeader] = [], body: Data = Data(), url: URL) {
    self.status = status
    self.headers = headers
    self.body = body
    self.url = url
  }

  /// The first value of header `name`, compared without regard to case.
  package func value(of name: String) -> String? { headers.value(of: name) }

  /// The validators to send next time to ask "has it changed?".
  package var validators: Validators {
    Validators(etag: value(of: "ETag"), lastModified: value(of: "Last-Modified"))
  }

  package var isSuccess: Bool { (200..<300).contains(status) }

  /// `503 (Service Unavailable)`, for messages.
  package static func describe(status: Int) -> String {
    guard let phrase = phrases[status] else { return "\(status)" }
    return "\(status) (\(phrase))"
  }

  private static let phrases: [Int: String] = [
    200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 301: "Moved Permanently", 302: "Found",
    303: "See Other",
    304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
    401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 408: "Request Timeout", 410: "Gone",
    429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout",
  ]
}

extension NetworkResponse: CustomStringConvertible {
  /// `200 (OK) from https://…, 1234 bytes`; headers and body stay out.
  package var description: String {
    "\(Self.describe(status: status)) from \(NetworkRequest.redacted(url)), \(body.count) bytes"
  }
}
