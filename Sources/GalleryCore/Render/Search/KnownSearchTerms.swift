import Foundation

/// The terms each text of the search index folded to in the last rebuild of a
/// live site: folding (Unicode decomposition, marks, case) is most of what the
/// index costs, and an edit changes the text of a few entries. Its fragments
/// too: an edit changes one or two, and the others' entries are the same.
/// Kept by `LiveState`; a one-off build folds every text once and keeps nothing.
package final class KnownSearchTerms: Sendable {
  package init() {}

  /// The terms of this rebuild's texts, and which of them were folded anew.
  struct Use {
    var terms: [String: [String]] = [:]
    /// A set, not a count: the index folds its parts on several cores, and
    /// a new text in two parts is folded in each but is one text.
    var fresh: Set<String> = []

    /// Adds `other`'s texts, those of another part of the same rebuild.
    mutating func merge(_ other: Use) {
      terms.merge(other.terms) { mine, _ in mine }
      fresh.formUnion(other.fresh)
    }
  }

  private let known = Locked(Use())

  /// A fragment of the index (`SearchIndex.group` entries) as encoded.
  struct Fragment: Sendable {
    var entries: ArraySlice<SearchEntry>
    var data: Data
    var version: String
  }

  private let lastFragments = Locked<[Fragment]>([])

  /// The last rebuild's fragments, in order: one whose entries are the same
  /// now has the same bytes.
  var fragments: [Fragment] {
    get { lastFragments.current }
    set { lastFragments.set(newValue) }
  }

  /// `SearchTerms.of(text)`, folded again only for a text the last rebuild
  /// did not have; `use` collects what this rebuild needs, for `keep`.
  func of(_ text: String, using use: inout Use) -> [String] {
    if let terms = use.terms[text] ?? known.withLock({ $0.terms[text] }) {
      use.terms[text] = terms
      return terms
    }
    let terms = SearchTerms.of(text)
    use.terms[text] = terms
    use.fresh.insert(text)
    return terms
  }

  /// Keeps exactly the texts of this rebuild, so memory stays the size of one index.
  func keep(_ use: Use) { known.set(use) }

  /// How many texts the last index folded: those its rebuild before did not have.
  var folded: Int { known.current.fresh.count }
}
