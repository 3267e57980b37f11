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
        var parts = PartWriter(renderer: renderer)
        var plan = OutputPlanner(site: site, jobs: jobs).plan(jobs: jobs) { plan in
          handingOn(plan.pageCount)
          parts.render(plan.handOn(), colours: colours, into: &folder)
          holdingFolders(folder.foldersHeld)
        }
        parts.render(plan.handOn(), colours: colours, into: &folder)
        streamed.pages = plan.pageCount
        streamed.planProblems = plan.diagnostics + (plan.handed.clash ? OutputPlanner.pathCollisions(site) : [])
        return try parts.finish(plan, into: &folder, searchSeconds: &streamed.searchSeconds)
      }
    } catch {
      return (Streamed(), [.error(String(describing: error))])
    }
    return (streamed, problems)
  }
}

/// Renders the parts of a plan handed on album by album into the staging
/// folder (`Pipeline.stream`): each part's pages, and its search entries into
/// the index, which is written at the end with the site's own files. After
/// a page that could not be rendered, or a write that failed, the rest is
/// passed over.
struct PartWriter {
  let renderer: PageRenderer
  /// Each part's search entries go into the index as it is handed on, and
  /// are let go with its pages.
  private var index = SearchIndexStream()
  private var searchNanoseconds: UInt64 = 0
  private var failure: Error?
  private(set) var rendering: [Diagnostic] = []

  init(renderer: PageRenderer) { self.renderer = renderer }

  /// A write outside `render` that failed: the rest is passed over.
  mutating func fail(_ error: Error) { failure = failure ?? error }

  /// Whether every part so far was rendered and written.
  var succeeded: Bool { failure == nil && rendering.isEmpty }

  mutating func render(_ part: OutputPlan, colours: [String: String], into folder: inout StagingFolder) {
    guard succeeded else { return }
    do {
      try folder.write(timed(part))
      rendering = try renderer.renderPages(part, colours: colours, into: &folder)
    } catch {
      failure = error
    }
  }

  /// The search index and the site's own files, after the last part; the
  /// problems of a page that could not be rendered, or the write's error.
  mutating func finish(_ plan: OutputPlan, into folder: inout StagingFolder, searchSeconds: inout Double) throws
    -> [Diagnostic]
  {
    if let failure { throw failure }
    guard rendering.isEmpty else { return rendering }
    try folder.write(timed(nil))
    searchSeconds = Double(searchNanoseconds) / 1e9
    try folder.write(renderer.siteFiles(plan))
    return []
  }

  /// The index's files once `part` is in it (nil: the last ones), timed.
  private mutating func timed(_ part: OutputPlan?) -> [OutputFile] {
    let start = DispatchTime.now().uptimeNanoseconds
    let files = part.map { index.add($0) } ?? index.finish()
    searchNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    return files
  }
}
