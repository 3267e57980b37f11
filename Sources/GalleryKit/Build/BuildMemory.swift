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

  public init() {}

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
