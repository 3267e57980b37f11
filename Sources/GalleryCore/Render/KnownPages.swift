import Foundation

/// The templates a live site compiled and the pages it rendered last time:
/// a page whose template and view model are unchanged is not rendered again,
/// and unchanged templates are not compiled again. Kept by `LiveState`.
package final class KnownPages: Sendable {
  package init() {}

  /// Unchecked: AnyHashable is not Sendable, but it only ever holds a view
  /// model, and view models are.
  package struct Key: Hashable, @unchecked Sendable {
    package var template: String
    /// The view model; nil for a page known by its recipe instead.
    package var model: AnyHashable?
    /// What the model is made from (`PlannedPage.recipe`), for pages that have it.
    package var recipe: PageRecipe? = nil
    /// The assets a page carries within itself (the 404 page's), which an
    /// asset edit changes although no template did.
    package var inlines: ThemeInlines? = nil
  }

  private struct Pages {
    /// The theme's templates, the body suffix and the placeholder colours the
    /// pages were made with. Assets are copied, not rendered: a CSS edit keeps
    /// every page.
    var templates: [String: String] = [:]
    var suffix = ""
    var colours: [String: String] = [:]
    /// By file: a page is found by its path and kept when its key is equal,
    /// so a rebuild compares each view model once instead of hashing it.
    var pages: [String: (key: Key, data: Data)] = [:]
  }

  private let pages = Locked(Pages())
  private let compiled = Locked<(site: [String: Data], renderer: PageRenderer, problems: [Diagnostic])?>(nil)

  /// The renderer for the site's templates, compiled only when they changed.
  package func renderer(site templates: [String: Data], compile: () -> (PageRenderer, [Diagnostic])) -> (
    PageRenderer, [Diagnostic]
  ) {
    if let known = compiled.current, known.site == templates { return (known.renderer, known.problems) }
    let (renderer, problems) = compile()
    compiled.set((templates, renderer, problems))
    return (renderer, problems)
  }

  /// Forgets every rendered page when a template, the suffix or a placeholder
  /// colour changed (a view model names its photos' colours by hash only, so
  /// a new photo renders every page once: rare next to a caption edit).
  package func prepare(theme: Theme, suffix: String, colours: [String: String]) {
    let templates = Dictionary(theme.templates.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })
    pages.withLock { known in
      guard templates != known.templates || suffix != known.suffix || colours != known.colours else { return }
      known = Pages(templates: templates, suffix: suffix, colours: colours)
    }
  }

  /// The bytes each page had last time if its key is the same now (nil:
  /// render it); `keys` are the pages' at `files`. Pages that share a
  /// recipe's inputs (an album's) compare them once, not once a page.
  package func reusable(_ keys: [Key], files: [String]) -> [Data?] {
    let last = pages.current.pages
    var compared: [Pair: PageRecipe.Change] = [:]
    return zip(keys, files).map { key, file in
      guard let page = last[file], page.key.template == key.template, page.key.inlines == key.inlines,
        page.key.model == key.model
      else { return nil }
      switch (page.key.recipe, key.recipe) {
      case (nil, nil): return page.data
      case (let old?, let new?):
        guard old.part == new.part, old.reads == new.reads, old.inputs.count == new.inputs.count else { return nil }
        for (before, now) in zip(old.inputs, new.inputs) {
          let pair = Pair(old: ObjectIdentifier(before), new: ObjectIdentifier(now))
          let change = compared[pair] ?? now.change(since: before)
          compared[pair] = change
          if !change.keeps(new.reads) { return nil }
        }
        return page.data
      default: return nil
      }
    }
  }

  /// Two recipes' inputs, both alive while `reusable` runs (the last pages
  /// hold the old ones, the keys the new ones).
  private struct Pair: Hashable {
    var old: ObjectIdentifier
    var new: ObjectIdentifier
  }

  /// Keeps exactly these pages, dropping those no longer planned, so memory
  /// stays the size of one site however many rebuilds there are.
  package func keep(_ rendered: [String: (key: Key, data: Data)]) { pages.withLock { $0.pages = rendered } }
}
