/// A bounded, unified-style diff of two texts for a failing comparison: the first run of
/// differing lines with a little context, long lines cut to a window around where they
/// first differ, and a count of what was left out, so a mismatch says what changed
/// without flooding the log.
package struct TextDiff {
  package let expected: [Substring]
  package let actual: [Substring]
  /// Unchanged lines shown before and after the change.
  package var context = 2
  /// Lines shown from each side at most.
  var maxLines = 12
  /// Characters shown of a long line at most.
  var maxWidth = 160

  package init(expected: String, actual: String) {
    self.expected = expected.split(separator: "\n", omittingEmptySubsequences: false)
    self.actual = actual.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// The one run of lines that differs, as ranges of each side's lines (0-based): what stays
  /// the same before and after it is left out. Nil when the texts are equal.
  package var hunk: (expected: Range<Int>, actual: Range<Int>)? {
    var prefix = 0
    while prefix < min(expected.count, actual.count), expected[prefix] == actual[prefix] { prefix += 1 }
    if prefix == expected.count && prefix == actual.count { return nil }
    var suffix = 0
    while suffix < min(expected.count, actual.count) - prefix,
      expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix]
    {
      suffix += 1
    }
    return (prefix..<(expected.count - suffix), prefix..<(actual.count - suffix))
  }

  /// The diff under `---`/`+++` headers naming the two sides; empty when the texts are equal.
  package func render(expectedName: String, actualName: String) -> String {
    guard let hunk else { return "" }
    let prefix = hunk.expected.lowerBound
    let removed = expected[hunk.expected]
    let added = actual[hunk.actual]
    let column = Self.firstDifference(removed.first ?? "", added.first ?? "")
    let before = expected[max(0, prefix - context)..<prefix]
    let after = expected[hunk.expected.upperBound..<min(expected.count, hunk.expected.upperBound + context)]

    var lines = ["--- \(expectedName)", "+++ \(actualName)"]
    lines.append(
      "@@ -\(prefix - before.count + 1),\(before.count + removed.count + after.count)"
        + " +\(prefix - before.count + 1),\(before.count + added.count + after.count) @@")
    lines += before.map { " " + cut($0, around: column) }
    lines += bounded(removed, marker: "-", column: column)
    lines += bounded(added, marker: "+", column: column)
    lines += after.map { " " + cut($0, around: column) }
    return lines.joined(separator: "\n")
  }

  /// At most `maxLines` of one side's changed lines, then how many more there are.
  private func bounded(_ side: ArraySlice<Substring>, marker: String, column: Int) -> [String] {
    var lines = side.prefix(maxLines).map { marker + cut($0, around: column) }
    if side.count > maxLines { lines.append("\(marker)… \(side.count - maxLines) more lines") }
    return lines
  }

  /// The line, or a window of `maxWidth` characters of it starting a little before `column`.
  private func cut(_ line: Substring, around column: Int) -> String {
    guard line.count > maxWidth else { return String(line) }
    let start = max(0, min(column - maxWidth / 3, line.count - maxWidth))
    let window = line.dropFirst(start).prefix(maxWidth)
    return (start > 0 ? "…" : "") + window + (start + maxWidth < line.count ? "…" : "")
  }

  /// The offset of the first character where two lines differ.
  private static func firstDifference(_ a: Substring, _ b: Substring) -> Int {
    zip(a, b).prefix { $0 == $1 }.count
  }
}
