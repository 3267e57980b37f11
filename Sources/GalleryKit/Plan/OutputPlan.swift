/// What the Render stage turns into files: pages with their view models, plus the
/// data for the search index and sitemap.
public struct OutputPlan: Sendable {
  public var pages: [PlannedPage] = []
  /// The derivatives each photo needs, for the Images stage.
  public var jobs: [ImageJob] = []
  public var search: [SearchEntry] = []
  public var baseURL: String = ""
  public var diagnostics: [Diagnostic] = []
}

public struct PlannedPage: Sendable {
  /// Folder of a pretty URL ("breeds/abys/") or a file name ("404.html").
  public var path: String
  public var template: String
  public var model: any Sendable & Hashable & Encodable
  /// Listed in sitemap.xml.
  public var inSitemap: Bool = true

  /// The file written for this page.
  public var file: String { path.hasSuffix("/") || path.isEmpty ? path + "index.html" : path }
}

/// One record of the JSON search index.
public struct SearchEntry: Sendable, Codable, Hashable {
  public var kind: String
  public var title: String
  public var text: String
  /// Relative to the site root.
  public var url: String
}

/// Paths between pages; all links are relative so public/ works from any sub-path.
enum PagePath {
  /// "../" once per folder level of `path`.
  static func root(of path: String) -> String {
    let depth =
      path.split(separator: "/", omittingEmptySubsequences: true).count
      - (path.hasSuffix("/") || path.isEmpty ? 0 : 1)
    return String(repeating: "../", count: max(0, depth))
  }
}
