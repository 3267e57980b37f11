extension SearchIndex {
  /// Each term's postings, in entry order: the title's words first, marked
  /// with the title's length, then the other words.
  ///
  /// Folding texts to terms is most of the index's cost, so the entries are
  /// cut into parts of `part` entries, each part's postings made on any core,
  /// and the parts appended in entry order: a term's list is then its first
  /// part's entries, then the next part's, as one pass over all entries makes it.
  func postings() -> [String: [PostingCode.Posting]] {
    let starts = Array(stride(from: 0, to: entries.count, by: max(1, part)))
    let parts = Parallel.map(starts) { start in
      partPostings(start..<min(entries.count, start + max(1, part)))
    }
    var postings: [String: [PostingCode.Posting]] = [:]
    var use = KnownSearchTerms.Use()
    for part in parts {
      for (term, list) in part.postings { postings[term, default: []] += list }
      use.merge(part.use)
    }
    known?.keep(use)
    return postings
  }

  /// The postings of the entries numbered `range`, and the terms of their texts.
  private func partPostings(_ range: Range<Int>) -> (
    postings: [String: [PostingCode.Posting]], use: KnownSearchTerms.Use
  ) {
    var postings: [String: [PostingCode.Posting]] = [:]
    var use = KnownSearchTerms.Use()
    func terms(_ text: String) -> [String] { known?.of(text, using: &use) ?? SearchTerms.of(text) }
    for number in range {
      Self.postings(of: entries[number], number: number, terms: terms) { postings[$0, default: []].append($1) }
    }
    return (postings, use)
  }

  /// The postings of `entry`, numbered `number`, each given to `add` with its
  /// term: the title's words first, marked with the title's length, then the
  /// other words that are not in the title.
  static func postings(
    of entry: SearchEntry, number: Int, terms: (String) -> [String], add: (String, PostingCode.Posting) -> Void
  ) {
    let title = terms(entry.title)
    for term in title { add(term, PostingCode.Posting(entry: number, title: title.count)) }
    let titleSet = Set(title)
    for term in terms(entry.text + " " + entry.place) where !titleSet.contains(term) {
      add(term, PostingCode.Posting(entry: number, title: 0))
    }
  }
}
