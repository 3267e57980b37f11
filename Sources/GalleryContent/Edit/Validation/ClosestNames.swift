/// Ranks names by how close they are to what a person typed, for "did you
/// mean" suggestions: names that contain the text first, then by edit distance.
enum ClosestNames {
  /// The `count` items of `items` whose `names` come closest to `text`,
  /// compared without regard to case; ties keep the items' order.
  static func rank<Item>(_ text: String, among items: [Item], count: Int, names: (Item) -> [String]) -> [Item] {
    let query = Array(text.lowercased())
    let scored = items.enumerated().map { index, item in
      let best = names(item).map { score(query, Array($0.lowercased())) }.min() ?? Int.max
      return (score: best, index: index, item: item)
    }
    return scored.sorted { ($0.score, $0.index) < ($1.score, $1.index) }.prefix(count).map(\.item)
  }

  /// 0 for a name that contains the query, else one more than the edit distance.
  private static func score(_ query: [Character], _ name: [Character]) -> Int {
    if !query.isEmpty, name.count >= query.count, String(name).contains(String(query)) { return 0 }
    return distance(query, name) + 1
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
