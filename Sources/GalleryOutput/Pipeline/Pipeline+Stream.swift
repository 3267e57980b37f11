import Foundation
import GalleryCore

/// Plan, Render and Write album by album, for a staged build (issue 24).
extension Pipeline {
  /// What `stream` did.
  struct Streamed {
    /// The staging folder, filled; nil when a page could not be rendered or
    /// the disk refused (the output is then as it was).
    var folder: StagingFolder?
    /// The Plan stage's problems (an album's Markdown, path collisions),
    /// found as the pages were planned.
    var planProblems: [Diagnostic] = []
    /// Pages planned and rendered.
    var pages = 0
    /// The time the search index took, within `stream`'s.
    var searchSeconds = 0.0
  }

  /// Render and Write streamed, for a staged build: the pages of `site`
  /// planned album by album (`OutputPlanner.plan(jobs:handing:)`), each
  /// album's pages rendered into the staging folder a batch at a time
  /// (`OutputOwner.stage`) and let go before the next album is planned; then
  /// the pages after the albums, the search index and the site's own files.
  /// Memory holds one album's pages and what the site-wide files need of the
  /// others (`HandedPages`, the search entries), never the site's pages.
  func stream(
    _ site: Site, jobs: [ImageJob], renderer: PageRenderer, colours: [String: String], output: OutputOwner
  ) -> (Streamed, [Diagnostic]) {
    var streamed = Streamed()
    var problems: [Diagnostic] = []
    let entries = OutputPlanner.entries(site, renderer: renderer)
    do {
      streamed.folder = try output.stage(paths: entries, problems: &problems) { folder in
        folder.relists = true
        folder.folderLimit = folderLimit
        var failure: Error?
        var rendering: [Diagnostic] = []
        // Each part's search entries go into the index as it is handed on,
        // and are let go with its pages.
        var index = SearchIndexStream()
        var searchNanoseconds: UInt64 = 0
        func timed<T>(_ work: () throws -> T) rethrows -> T {
          let start = DispatchTime.now().uptimeNanoseconds
          defer { searchNanoseconds += DispatchTime.now().uptimeNanoseconds - start }
          return try work()
        }
        func render(_ part: OutputPlan) throws {
          try folder.write(timed { index.add(part) })
          rendering = try renderer.renderPages(part, colours: colours, into: &folder)
          holdingFolders(folder.foldersHeld)
        }
        var plan = OutputPlanner(site: site, jobs: jobs).plan(jobs: jobs) { plan in
          handingOn(plan.pageCount)
          let part = plan.handOn()
          guard failure == nil, rendering.isEmpty else { return }
          do {
            try render(part)
          } catch {
            failure = error
          }
        }
        if let failure { throw failure }
        if rendering.isEmpty { try render(plan.handOn()) }
        streamed.pages = plan.pageCount
        streamed.planProblems = plan.diagnostics + (plan.handed.clash ? OutputPlanner.pathCollisions(site) : [])
        guard rendering.isEmpty else { return rendering }
        try folder.write(timed { index.finish() })
        streamed.searchSeconds = Double(searchNanoseconds) / 1e9
        try folder.write(renderer.siteFiles(plan))
        return []
      }
    } catch {
      return (Streamed(), [.error(String(describing: error))])
    }
    return (streamed, problems)
  }
}
