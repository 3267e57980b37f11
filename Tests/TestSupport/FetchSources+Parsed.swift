import Foundation

@testable import GalleryCore

extension FetchSources {
  /// The `sources:` of a site.yml given as text, and every diagnostic line
  /// reading it gave.
  package static func parsed(_ yaml: String) throws -> (FetchSources, [String]) {
    let node = try YAMLReader.parse(yaml, file: "content/site.yml")
    var diagnostics = DiagnosticCollector()
    let sources = FetchSources.read(node["sources"], diagnostics: &diagnostics)
    return (sources, diagnostics.list.map(\.description))
  }
}
