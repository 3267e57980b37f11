import Foundation
import GalleryCore
import GalleryNetwork

/// Why one part of a fetch failed: compiler-style diagnostics, located at
/// the URL (redacted) and line of a bad response, or naming the request that
/// failed on the network.
package struct FetchProblem: Error, Sendable {
  package var diagnostics: [Diagnostic]

  init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  init(_ error: FetchError) {
    self.diagnostics = [.error(error.message)]
  }

  /// An error about a response, located at its (redacted) URL.
  package static func response(_ url: URL, _ message: String, path: String? = nil) -> FetchProblem {
    let location = SourceLocation(file: NetworkRequest.redacted(url))
    return FetchProblem([.error(path.map { "\(message) (at \($0))" } ?? message, at: location)])
  }
}
