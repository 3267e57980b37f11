import Foundation

extension URL {
  /// A URL written out in a test. A typo gives a `file:` URL that the network
  /// code refuses and no expectation matches, so the test using it fails.
  package static func literal(_ text: String) -> URL {
    URL(string: text) ?? URL(fileURLWithPath: "/not-a-url/" + text)
  }
}
