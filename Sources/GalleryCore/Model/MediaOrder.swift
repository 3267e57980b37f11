import Foundation

/// How an album orders its items and child albums: by name or by date taken,
/// either reversed. Written in index.md as `sort: date`, `sort: -name` (sigal's
/// reversal); `date desc` and `name asc` are read too, and `order:` is the same
/// key. Without one, items go by date taken when every item has one, else by
/// name; child albums go by name.
package struct MediaOrder: Sendable, Hashable {
  package enum Key: String, Sendable, Hashable {
    case name, date
  }

  package var key: Key
  package var reversed = false

  package init(_ key: Key, reversed: Bool = false) {
    self.key = key
    self.reversed = reversed
  }

  /// The order `text` names, nil when it names none. `filename` (sigal's
  /// setting) means name.
  package init?(_ text: String) {
    var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
    guard var first = words.first, words.count <= 2 else { return nil }
    if first.hasPrefix("-") {
      reversed = true
      first.removeFirst()
    }
    switch first {
    case "name", "filename": key = .name
    case "date": key = .date
    default: return nil
    }
    if words.count == 2 {
      words[1] = words[1].trimmingCharacters(in: .punctuationCharacters)
      guard ["asc", "desc", "ascending", "descending"].contains(words[1]) else { return nil }
      reversed = reversed != words[1].hasPrefix("desc")
    }
  }

  /// What messages show as the orders there are.
  static let spelling = "name, date, -name or -date"

  /// The order site.yml's `sort:` names: nil for nothing written (each
  /// album's own default). Anything else that names no order is an error at
  /// the value listing the orders there are, and means the default.
  static func read(_ node: Node, diagnostics: inout DiagnosticCollector) -> MediaOrder? {
    var found = node.kindDescription
    switch node.value {
    case .null: return nil
    case .string(let text):
      if let order = MediaOrder(text) { return order }
      found = "\"\(text)\""
    default: break
    }
    diagnostics.error("sort must be \(spelling); found \(found)", at: node)
    return nil
  }

  /// `elements` in this order (`nil`: the default for items when `dated`,
  /// else by name). `date` gives an element's date taken as a sortable key
  /// (`sortKey(taken:)`). Under a date order, elements without a date follow
  /// the dated ones, by name; ties go by name, so the order never depends on
  /// how the folder listed its files. A reversed order turns the whole list
  /// round (undated elements first).
  package static func sort<Element>(
    _ elements: [Element], _ order: MediaOrder?, defaultByDate: Bool, name: (Element) -> String,
    date: (Element) -> String?
  ) -> [Element] {
    let dates = elements.map(date)
    let byDate = order.map { $0.key == .date } ?? (defaultByDate && dates.allSatisfy { $0 != nil })
    let indices = elements.indices.sorted { a, b in
      if byDate, dates[a] != dates[b] {
        guard let left = dates[a] else { return false }
        guard let right = dates[b] else { return true }
        return left < right
      }
      let (left, right) = (name(elements[a]), name(elements[b]))
      let order = left.localizedStandardCompare(right)
      return order == .orderedSame ? left < right : order == .orderedAscending
    }
    let sorted = indices.map { elements[$0] }
    return order?.reversed == true ? sorted.reversed() : sorted
  }

  /// A date taken as EXIF writes it ("2023:05:01 14:03:22", or with dashes)
  /// as digits that sort in time order ("20230501140322"); nil for none, for
  /// the all-zero date cameras write when their clock was never set, and for
  /// anything that is not a date. Local time as written: an offset is not
  /// applied, since most photos have none.
  package static func sortKey(taken: String?) -> String? {
    guard let taken else { return nil }
    let digits = taken.prefix(19).filter(\.isASCII).filter(\.isNumber)
    guard digits.count >= 8, let year = Int(digits.prefix(4)), year > 0,
      let month = Int(digits.dropFirst(4).prefix(2)), (1...12).contains(month),
      let day = Int(digits.dropFirst(6).prefix(2)), (1...31).contains(day)
    else { return nil }
    return String(digits.prefix(14)).padding(toLength: 14, withPad: "0", startingAt: 0)
  }
}
