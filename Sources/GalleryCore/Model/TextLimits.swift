/// The longest text each kind of field may hold, and the largest input files.
/// Hostile or broken input (a 10 MB title) becomes a located error instead of
/// gigabytes of output. README.md lists these limits; keep the two in step.
package enum TextLimits {
  /// Names and titles: site title, park names, category titles, cat and owner
  /// names, breed names and ids, image names.
  package static let name = 200
  /// A photo caption.
  package static let caption = 2_000
  /// A caption a photo carries in its own metadata, kept whole on its page
  /// (lists and alt text show its first `caption` characters).
  static let embeddedCaption = 100_000
  /// One cat fact.
  static let fact = 2_000
  /// Long prose: site, category and breed descriptions.
  package static let description = 10_000
  /// URLs: base_url, photoUrl, breed links.
  package static let url = 2_000
  /// Every other text field (origin, temperament, front matter values, …).
  package static let field = 1_000
  /// The Markdown body of a note or of CREDITS.md, in UTF-8 bytes.
  static let noteBytes = 100_000
  /// site.yml and Markdown files, in bytes, checked before they are parsed.
  static let textFileBytes = 1_048_576
  /// Property lists and JSON files, in bytes, checked before they are parsed.
  package static let dataFileBytes = 52_428_800
  /// Collections inside collections, in every format (JSON, plists, YAML).
  package static let depth = 512
  /// Values YAML aliases may add in all when they are expanded.
  static let aliasValues = 10_000
}
