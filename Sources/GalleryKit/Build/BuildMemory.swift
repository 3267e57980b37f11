import Foundation

/// What a long-running `serve` or `preview` remembers between its rebuilds, so
/// that an edit costs what it changes: a page whose template and view model are
/// unchanged is not rendered again, and a file whose bytes are unchanged is
/// neither compared with the disk nor written. A one-off `build` has none.
public final class BuildMemory: @unchecked Sendable {
  /// Unchecked: AnyHashable is not Sendable, but it only ever holds a view
  /// model, and view models are.
  struct PageKey: Hashable, @unchecked Sendable {
    var template: String
    var model: AnyHashable
  }

  private let lock = NSLock()
  /// The templates and body suffix the rendered pages were made with. Assets
  /// are copied, not rendered: a CSS edit keeps every page.
  private var templates: [String: String] = [:]
  private var suffix = ""
  private var pages: [PageKey: Data] = [:]
  /// What the last in-place update left in the output: file bytes by path and
  /// the derivative names linked under images/. Nil until the first update.
  private var written: [String: Data]?
  private var linked: Set<String> = []

  /// Image jobs by photo, for the image settings they were planned with.
  private var jobs: [Photo: ImageJob] = [:]
  private var imageSettings: ImageSettings?
  /// Derivatives known to be in the cache, and the placeholder colours and
  /// decoder warnings, as the last build left them: an edit that adds no photo
  /// stats and decodes neither.
  private var cached: Set<Derivative> = []
  private var renders: [String: RenderedPhoto]?
  /// The compiled templates, for the site's own templates/ they were made from.
  private var prepared: (site: [String: Data], renderer: PageRenderer, problems: [Diagnostic])?

  public init() {}

  /// The image settings a job depends on; a change plans every job again.
  struct ImageSettings: Equatable {
    var widths: [Int]
    var thumbnail: Int
    var quality: Int
    var formats: [DerivativeSpec.Format]

    init(_ config: SiteConfig) {
      (widths, thumbnail, quality, formats) = (config.widths, config.thumbnail, config.quality, config.formats)
    }
  }

  /// The image jobs of `site`, planning only photos not planned before.
  func jobs(for site: Site) -> [ImageJob] {
    lock.withLock {
      let settings = ImageSettings(site.config)
      if settings != imageSettings { (jobs, imageSettings) = ([:], settings) }
      var planned: [Photo: ImageJob] = [:]
      let result = site.photos.keys.sorted().compactMap { id -> ImageJob? in
        guard let photo = site.photos[id] else { return nil }
        let job = jobs[photo] ?? DerivativePlanner.job(for: photo, config: site.config)
        planned[photo] = job
        return job
      }
      jobs = planned
      return result
    }
  }

  func isCached(_ derivative: Derivative) -> Bool { lock.withLock { cached.contains(derivative) } }
  var knownRenders: [String: RenderedPhoto]? { lock.withLock { renders } }

  /// What the cache holds after a build: every derivative of `jobs` and these renders.
  func cache(holds jobs: [ImageJob], renders: [String: RenderedPhoto]) {
    lock.withLock {
      cached = Set(jobs.flatMap(\.all))
      self.renders = renders
    }
  }

  /// The renderer for the site's templates, compiled only when they changed.
  func renderer(site templates: [String: Data], prepare: () -> (PageRenderer, [Diagnostic])) -> (
    PageRenderer, [Diagnostic]
  ) {
    if let prepared = lock.withLock({ self.prepared }), prepared.site == templates {
      return (prepared.renderer, prepared.problems)
    }
    let (renderer, problems) = prepare()
    lock.withLock { prepared = (templates, renderer, problems) }
    return (renderer, problems)
  }

  /// Forgets every rendered page when a template or the suffix changed.
  func prepare(theme: Theme, suffix: String) {
    let templates = Dictionary(theme.templates.map { ($0.path, $0.text) }, uniquingKeysWith: { a, _ in a })
    lock.withLock {
      guard templates != self.templates || suffix != self.suffix else { return }
      self.templates = templates
      self.suffix = suffix
      pages = [:]
    }
  }

  func page(_ key: PageKey) -> Data? { lock.withLock { pages[key] } }

  /// Keeps exactly these pages, dropping those no longer planned, so memory
  /// stays the size of one site however many rebuilds there are.
  func keep(_ rendered: [PageKey: Data]) { lock.withLock { pages = rendered } }

  var lastWrite: (files: [String: Data], derivatives: Set<String>)? {
    lock.withLock { written.map { ($0, linked) } }
  }

  func wrote(files: [String: Data], derivatives: Set<String>) {
    lock.withLock {
      written = files
      linked = derivatives
    }
  }

  /// After a failed update the output is in an unknown state: compare with the disk again.
  func forgetWrites() { lock.withLock { written = nil } }
}
