import Foundation

/// Render stage: pages through the templates, plus the sitemap and the theme's
/// assets (the search index is `OutputPlan.searchIndex`, a stage of its own). Pure: same plan and theme, same bytes.
package struct PageRenderer: Sendable {
  package let templates: TemplateSet
  package let theme: Theme
  /// HTML inserted before `</body>`; `serve` uses it for live reload, `build` never.
  package var bodySuffix = ""
  /// The theme's assets as the 404 page carries them, made once a renderer:
  /// a live site keeps its renderer while its templates are unchanged.
  private let madeInlines = Locked<ThemeInlines?>(nil)

  package static func prepare(theme: Theme) -> (PageRenderer, [Diagnostic]) {
    let (templates, diagnostics) = TemplateSet.compile(theme)
    return (PageRenderer(templates: templates, theme: theme), diagnostics)
  }

  /// `colours`: the photos' placeholder colours by content hash, from the
  /// Images stage. With `known` (serve), pages rendered by an earlier build
  /// from the same template, view model and colours are reused instead of
  /// rendered. `rendered` counts the pages made from their templates.
  package func render(_ plan: OutputPlan, colours: [String: String] = [:], known: KnownPages? = nil) -> (
    files: [OutputFile], diagnostics: [Diagnostic], rendered: Int
  ) {
    known?.prepare(theme: theme, suffix: bodySuffix, colours: colours)
    // Pages are independent: render them on every core, then keep plan order.
    let results = Locked([Result<OutputFile, PageFailure>?](repeating: nil, count: plan.pages.count))
    let pages = plan.pages
    let inlines = pages.contains(where: \.inlinesAssets) ? self.inlines() : nil
    // A page with a recipe is known by it; its model is made only if it changed.
    let keys =
      known == nil
      ? []
      : pages.map { page in
        page.recipe.map { KnownPages.Key(template: page.template, recipe: $0) }
          ?? KnownPages.Key(
            template: page.template, model: AnyHashable(page.model), inlines: page.inlinesAssets ? inlines : nil)
      }
    let reused = Locked(0)
    let memo = ContextMemo()
    let last = known?.reusable(keys, files: pages.map(\.file)) ?? []
    DispatchQueue.concurrentPerform(iterations: pages.count) { index in
      if let data = last.isEmpty ? nil : last[index] {
        results.withLock { $0[index] = .success(OutputFile(path: pages[index].file, data: data)) }
        reused.increment()
      } else {
        // A page known by its model: the one its key was made from, not made again.
        let model = keys.isEmpty ? nil : keys[index].model?.base as? any Encodable
        let result = renderPage(pages[index], model: model, colours: colours, inlines: inlines, memo: memo)
        results.withLock { $0[index] = result }
      }
    }
    var files: [OutputFile] = []
    var diagnostics: [Diagnostic] = []
    var rendered: [String: (key: KnownPages.Key, data: Data)] = [:]
    rendered.reserveCapacity(known == nil ? 0 : pages.count)
    for (index, result) in results.current.enumerated() {
      switch result {
      case .success(let file)?:
        files.append(file)
        if known != nil { rendered[file.path] = (keys[index], file.data) }
      case .failure(let diagnostic)?: diagnostics.append(diagnostic.diagnostic)
      case nil: break
      }
    }
    files += albumPages(plan.data, colours: colours, known: known, into: &rendered)
    known?.keep(rendered)
    files += siteFiles(plan)
    return (files, diagnostics, pages.count - reused.current)
  }

  /// The theme's assets as the 404 page carries them (`ThemeInlines`).
  func inlines() -> ThemeInlines {
    madeInlines.withLock { made in
      if let made { return made }
      let inlines = ThemeInlines(theme: theme)
      made = inlines
      return inlines
    }
  }

  /// The files of the site as a whole: the sitemap, the feed and the theme's assets.
  package func siteFiles(_ plan: OutputPlan) -> [OutputFile] {
    var files = Sitemap(plan).files
    if let feed = plan.feed { files.append(OutputFile(path: AtomFeed.path, data: Data(feed.xml.utf8))) }
    for asset in theme.assets {
      files.append(OutputFile(path: asset.path, data: asset.data))
    }
    return files
  }

  /// `model`: the page's view model when already made (nil: made here);
  /// `memo`: the parts shared with the render's other pages, encoded once.
  func renderPage(
    _ page: PlannedPage, model: (any Encodable)? = nil, colours: [String: String],
    inlines: ThemeInlines?, memo: ContextMemo? = nil
  ) -> Result<OutputFile, PageFailure> {
    let model: any Encodable = model ?? page.model
    var context = MustacheContextEncoder.encode(model, colours: colours, memo: memo)
    if page.inlinesAssets, let inlines, var values = context as? [String: Any] {
      let favicon = (values["page"] as? [String: Any])?["favicon"] as? String ?? ""
      values["inline"] = inlines.values(favicon: favicon)
      context = values
    }
    guard var html = templates.bytes(context, template: page.template) else {
      return .failure(PageFailure(diagnostic: .error("missing page template \"\(page.template)\"")))
    }
    if !bodySuffix.isEmpty, let end = Self.lastRange(of: Array("</body>".utf8), in: html) {
      html.insert(contentsOf: bodySuffix.utf8, at: end.lowerBound)
    }
    return .success(OutputFile(path: page.file, data: Data(html)))
  }

  /// Where `needle` last occurs in `bytes`.
  static func lastRange(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
    guard bytes.count >= needle.count else { return nil }
    for start in stride(from: bytes.count - needle.count, through: 0, by: -1)
    where bytes[start..<start + needle.count].elementsEqual(needle) {
      return start..<start + needle.count
    }
    return nil
  }

  /// The paged albums' `items.json` of a live site (`known`): one whose page's
  /// recipe is unchanged keeps last time's bytes, as its page does, so a
  /// caption edit does not make every paged album's cards again. The files
  /// made or kept are added to `rendered`, under the template name "items.json".
  func albumPages(
    _ data: [PlannedData], colours: [String: String], known: KnownPages?,
    into rendered: inout [String: (key: KnownPages.Key, data: Data)]
  ) -> [OutputFile] {
    guard let known else { return albumPages(data, colours: colours) }
    let keys = data.map { KnownPages.Key(template: "items.json", recipe: $0.recipe) }
    let last = known.reusable(keys, files: data.map(\.path))
    let encoder = Self.dataEncoder()
    var files: [OutputFile] = []
    files.reserveCapacity(data.count)
    for (index, item) in data.enumerated() {
      // One without a recipe is never known by its key alone: made every time.
      let kept = item.recipe == nil ? nil : last[index]
      guard
        let file = kept.map({ OutputFile(path: item.path, data: $0) })
          ?? Self.file(of: item, colours: colours, encoder: encoder)
      else { continue }
      if item.recipe != nil { rendered[item.path] = (keys[index], file.data) }
      files.append(file)
    }
    return files
  }

  /// The paged albums' `items.json`, with the placeholder colours the pages show.
  func albumPages(_ data: some Collection<PlannedData>, colours: [String: String]) -> [OutputFile] {
    let encoder = Self.dataEncoder()
    return data.compactMap { Self.file(of: $0, colours: colours, encoder: encoder) }
  }

  /// How an `items.json` is written: keys sorted, for the same bytes every build.
  static func dataEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `item`'s file, made now.
  static func file(of item: PlannedData, colours: [String: String], encoder: JSONEncoder) -> OutputFile? {
    (try? encoder.encode(item.value.coloured(colours))).map { OutputFile(path: item.path, data: $0) }
  }
}

struct PageFailure: Error {
  var diagnostic: Diagnostic
}
