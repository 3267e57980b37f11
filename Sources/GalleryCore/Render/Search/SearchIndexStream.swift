import Foundation

/// The search index of a staged build, made as its pages are planned album
/// by album (issue 24): the same files as `SearchIndex` makes of the same
/// entries, byte for byte, but an entry is let go as soon as its fragment is
/// made, and each term keeps its postings encoded (`PostingCode.List`). The
/// whole index held every entry's strings, then every term's postings,
/// chunks and fragments at once: the last climb of a 20,000-photo build's
/// memory.
package struct SearchIndexStream {
  /// Entries added so far.
  private(set) var count = 0
  /// Added entries whose fragment is not full yet.
  private var pending: [SearchEntry] = []
  private var lists: [String: PostingCode.List] = [:]
  /// The versions of the fragments made so far, in order.
  private var versions = ""
  private var fragments = 0

  package init() {}

  /// Adds the entries of a part of a plan handed on (`OutputPlan.handOn`),
  /// the parts in order; returns the fragment files they fill.
  package mutating func add(_ part: OutputPlan) -> [OutputFile] { add(part.search) }

  /// Adds the next entries, in index order; returns the fragment files they fill.
  mutating func add(_ entries: [SearchEntry]) -> [OutputFile] {
    // Folding texts to terms is most of the index's cost: each entry's on
    // any core, its postings then appended in entry order, as `SearchIndex`
    // folds its parts.
    let first = count
    let folded = Parallel.map(Array(entries.indices)) { index in
      var postings: [(term: String, posting: PostingCode.Posting)] = []
      SearchIndex.postings(of: entries[index], number: first + index, terms: SearchTerms.of) {
        postings.append(($0, $1))
      }
      return postings
    }
    var files: [OutputFile] = []
    for (entry, postings) in zip(entries, folded) {
      for (term, posting) in postings { lists[term, default: .init()].append(posting) }
      count += 1
      pending.append(entry)
      if pending.count == SearchIndex.group { files.append(flush()) }
    }
    return files
  }

  /// The manifest, the chunks and the last fragment, once every entry is added.
  package mutating func finish() -> [OutputFile] {
    let last = pending.isEmpty ? [] : [flush()]
    let terms = SearchIndex.sorted(lists.keys)
    let codes = terms.map { lists[$0]?.code ?? "" }
    lists = [:]
    return SearchIndex.manifestAndChunks(terms: terms, codes: codes, versions: versions, entries: count) + last
  }

  /// The fragment of the pending entries, which are let go.
  private mutating func flush() -> OutputFile {
    let data = SearchIndex.fragment(pending[...])
    let version = SearchIndex.version(data)
    versions += version
    fragments += 1
    pending.removeAll(keepingCapacity: true)
    return SearchIndex.fragmentFile(fragments - 1, version: version, data: data)
  }
}
