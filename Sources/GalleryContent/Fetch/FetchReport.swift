import GalleryCore

/// What a fetch did, or would do with `--dry-run`.
public struct FetchReport: Sendable {
  /// One file of content/ that the fetch adds, replaces or removes.
  public struct Change: Sendable, Hashable, Comparable {
    public enum Kind: String, Sendable, Hashable {
      case new, changed, removed
    }

    package var kind: Kind
    /// Relative to the site root: `content/breeds.json`.
    public var file: String

    public static func < (a: Change, b: Change) -> Bool { a.file < b.file }
  }

  public internal(set) var diagnostics: [Diagnostic] = []
  public internal(set) var changes: [Change] = []
  package internal(set) var requests = 0
  package internal(set) var notModified = 0
  public internal(set) var bytes = 0
  /// What the sources hold: breeds, photos listed, cats, facts.
  public internal(set) var counts: [(noun: String, count: Int)] = []
  /// Whether content/ was changed (false after a dry run or a failure).
  public internal(set) var wrote = false

  public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }
}
