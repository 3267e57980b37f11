/// One thing search can find: a page, what it is called and where it lives,
/// and the words that find it. The Render stage turns the plan's entries into
/// the chunked index (`SearchIndex`).
struct SearchEntry: Sendable, Hashable {
  /// What the result is, as the results say it: "Photo", "Video", "Park", "Breed".
  var kind: String
  /// The result's name, searched first: an exact match of it ranks first.
  var title: String
  /// More text that finds the entry, never shown (a caption's album, a breed's
  /// origin and temperament, a cat's owner, an album's text).
  var text: String
  /// The page, relative to the site root.
  var url: String
  /// Where it lives, shown under the title ("Parks › Ohiopyle", "Breeds").
  var place: String = ""
  /// A square thumbnail relative to the site root, when the entry has a local photo.
  var thumb: String? = nil
}

extension SearchEntry {
  /// An entry for a page of `kind`, labelled as the table of kinds says.
  init(kind: PageKind, title: String, text: String, url: String, place: String = "", thumb: String? = nil) {
    self.init(
      kind: kind.row.searchLabel ?? kind.rawValue, title: title, text: text, url: url, place: place, thumb: thumb)
  }
}
