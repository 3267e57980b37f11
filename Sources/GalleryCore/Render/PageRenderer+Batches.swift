import Foundation

extension PageRenderer {
  /// Pages rendered at once before they are handed on: enough to keep every
  /// core busy, few enough that a batch of the largest pages (300 KB) stays
  /// a few megabytes.
  package static let batchSize = 64

  /// Renders every file of `plan` into `sink`, `batchSize` files at a time,
  /// each batch on every core, so a build holds two batches of pages (one
  /// being written, the next being rendered), never the site: peak memory
  /// grows with the largest page, not with the number of pages. A batch is
  /// written while the next one renders: writing is mostly the kernel's
  /// work, and a mkdir(2) holds its parent folder's lock, so the writes of
  /// 10,000 pages in one folder use one core however many threads make them;
  /// rendering at the same time keeps the other core busy. Stops before
  /// handing on a batch with a page that cannot be rendered (a missing
  /// template) and returns why; the sink's errors are thrown.
  package func render(
    _ plan: OutputPlan, colours: [String: String] = [:], into sink: inout some PageSink, batchSize: Int = batchSize
  ) throws -> [Diagnostic] {
    let problems = try renderPages(plan, colours: colours, into: &sink, batchSize: batchSize)
    guard problems.isEmpty else { return problems }
    try sink.write(siteFiles(plan))
    return []
  }

  /// Renders the pages and the paged albums' data of `plan` into `sink`, as
  /// `render(_:colours:into:batchSize:)` does, without the site's own files:
  /// for a part of a plan (`OutputPlan.handOn`).
  package func renderPages(
    _ plan: OutputPlan, colours: [String: String] = [:], into sink: inout some PageSink, batchSize: Int = batchSize
  ) throws -> [Diagnostic] {
    let inlines = plan.pages.contains(where: \.inlinesAssets) ? self.inlines() : nil
    var rendered: [OutputFile] = []
    let memo = ContextMemo()
    for batch in Self.batches(of: plan.pages, size: batchSize) {
      let next = Locked<[Result<OutputFile, PageFailure>]>([])
      let rendering = DispatchGroup()
      DispatchQueue.global().async(group: rendering) {
        next.set(Parallel.map(batch) { renderPage($0, colours: colours, inlines: inlines, memo: memo) })
      }
      // The batch before is written only once this one is under way, and
      // this one is finished before anything is thrown.
      let written = Result { if !rendered.isEmpty { try sink.write(rendered) } }
      rendering.wait()
      try written.get()
      rendered = []
      var diagnostics: [Diagnostic] = []
      for result in next.current {
        switch result {
        case .success(let file): rendered.append(file)
        case .failure(let failure): diagnostics.append(failure.diagnostic)
        }
      }
      guard diagnostics.isEmpty else { return diagnostics }
    }
    if !rendered.isEmpty { try sink.write(rendered) }
    for batch in Self.batches(of: plan.data, size: batchSize) {
      try sink.write(albumPages(batch, colours: colours))
    }
    return []
  }

  private static func batches<T>(of items: [T], size: Int) -> [[T]] {
    stride(from: 0, to: items.count, by: max(1, size)).map { Array(items[$0..<min(items.count, $0 + max(1, size))]) }
  }
}
