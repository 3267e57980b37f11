/// A weight in kilograms as the person entered it: `text` is what `cats.json`
/// gets (`4.0` stays `4.0`, `4` stays `4`), `tenths` what the rules compare.
package struct CatWeight: Sendable, Hashable {
  package var text: String
  var tenths: Int

  /// `text` when it is digits with at most one decimal place and no leading
  /// zero (`0.5`, `4`, `12.0`): a valid JSON number that keeps its spelling.
  init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = parts.first,
      !whole.isEmpty, whole.count <= 6, whole == "0" || !whole.hasPrefix("0"),
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }), let units = Int(whole)
    else { return nil }
    var tenths = units * 10
    if parts.count == 2 {
      guard parts[1].count == 1, let digit = Int(parts[1]) else { return nil }
      tenths += digit
    }
    self.text = text
    self.tenths = tenths
  }
}
