import GalleryCore

/// Why `Fetcher` gave up on a request, as one line that names the request
/// (method and URL, secrets redacted) and what went wrong:
///
///     GET https://api.thecatapi.com/v1/breeds: 503 (Service Unavailable) after 4 tries
///     GET https://api.thecatapi.com/v1/breeds: 401 (Unauthorized): check the key in CAT_API_KEY
///
/// No header value is ever part of it, so printing it cannot leak a key.
package struct FetchError: Error, Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// The server refused the credentials (401, 403); `variable` is where they came from.
    case unauthorized(status: Int, variable: String?)
    /// A status that is not success, after `tries` tries.
    case status(Int, tries: Int)
    /// No complete response, after `tries` tries.
    case transport(NetworkError, tries: Int)
    case cancelled
  }

  /// `GET https://…`, redacted.
  package var request: String
  package var kind: Kind

  package init(_ request: NetworkRequest, _ kind: Kind) {
    self.request = request.description
    self.kind = kind
  }

  package var message: String {
    "\(request): \(detail)"
  }

  private var detail: String {
    switch kind {
    case .unauthorized(let status, let variable?):
      "\(NetworkResponse.describe(status: status)): check the key in \(variable)"
    case .unauthorized(let status, nil):
      "\(NetworkResponse.describe(status: status)): the server refused the credentials"
    case .status(let status, let tries):
      NetworkResponse.describe(status: status) + Self.after(tries)
    case .transport(let error, let tries):
      error.reason + Self.after(tries)
    case .cancelled:
      "cancelled"
    }
  }

  private static func after(_ tries: Int) -> String {
    tries > 1 ? " after \(tries) tries" : ""
  }
}

extension FetchError: CustomStringConvertible {
  package var description: String { message }
}
