/// Splits the sorted terms of the search index into chunks by prefix: the
/// terms sharing a prefix stay in one chunk while they fit in `limit` bytes;
/// a prefix whose terms do not is split by the next letter, and its small
/// neighbours are joined again up to the limit.
///
/// A decision depends only on the terms below one prefix, so an edit that
/// changes a few words' postings moves chunk boundaries, if at all, only
/// under those words' prefixes: the other chunks keep their bytes and their
/// names, which is what lets `serve` rewrite a handful of files per edit.
struct SearchChunker {
  /// Sorted by UTF-16 code unit, as a browser compares strings.
  var terms: [String]
  /// Each term's bytes in its chunk.
  var sizes: [Int]
  /// A chunk holds at most this many bytes, unless one term alone is bigger.
  var limit = 4 * 1024

  func chunks() -> [Range<Int>] {
    guard !terms.isEmpty else { return [] }
    var totals = [0]
    for size in sizes { totals.append(totals[totals.count - 1] + size) }
    let units = terms.map { Array($0.utf16) }
    return split(0..<terms.count, depth: 0, units: units, totals: totals)
  }

  /// `range`'s terms all share their first `depth` code units.
  private func split(_ range: Range<Int>, depth: Int, units: [[UInt16]], totals: [Int]) -> [Range<Int>] {
    let size = { (range: Range<Int>) in totals[range.upperBound] - totals[range.lowerBound] }
    if size(range) <= limit || range.count == 1 { return [range] }
    var parts: [Range<Int>] = []
    var start = range.lowerBound
    // The prefix itself, when it is a term, sorts first and stands alone.
    if units[start].count == depth {
      parts.append(start..<start + 1)
      start += 1
    }
    while start < range.upperBound {
      var end = start + 1
      while end < range.upperBound, units[end][depth] == units[start][depth] { end += 1 }
      parts += split(start..<end, depth: depth + 1, units: units, totals: totals)
      start = end
    }
    var joined: [Range<Int>] = []
    for part in parts {
      if let last = joined.last, size(last) + size(part) <= limit {
        joined[joined.count - 1] = last.lowerBound..<part.upperBound
      } else {
        joined.append(part)
      }
    }
    return joined
  }
}
