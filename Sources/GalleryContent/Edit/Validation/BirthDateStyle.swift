/// The ISO-8601 UTC form a `cats.json` writes birth dates in, so a new or
/// edited cat's date looks like the others': restdb writes milliseconds, other
/// tools whole seconds or the bare date.
enum BirthDateStyle: Sendable, Hashable, CaseIterable {
  /// `2019-03-12T00:00:00.000Z`, restdb's own.
  case milliseconds
  /// `2019-03-12T00:00:00Z`.
  case seconds
  /// `2019-03-12`.
  case dateOnly

  /// The style `text` is written in; nil for other forms (offsets, microseconds).
  init?(of text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count >= 10, CalendarDate(String(decoding: bytes[0..<10], as: UTF8.self)) != nil else { return nil }
    switch bytes.count {
    case 10: self = .dateOnly
    case 20 where bytes[10] == UInt8(ascii: "T") && bytes[19] == UInt8(ascii: "Z"): self = .seconds
    case 24 where bytes[10] == UInt8(ascii: "T") && bytes[19] == UInt8(ascii: ".") && bytes[23] == UInt8(ascii: "Z"):
      self = .milliseconds
    default: return nil
    }
  }

  /// The style most of `dates` use; between equally common styles, the one
  /// used last (the file's most recent habit); restdb's when there are none.
  static func common(in dates: [String]) -> BirthDateStyle {
    var counts: [BirthDateStyle: (count: Int, last: Int)] = [:]
    for (index, text) in dates.enumerated() {
      guard let style = BirthDateStyle(of: text) else { continue }
      counts[style] = ((counts[style]?.count ?? 0) + 1, index)
    }
    return counts.max { ($0.value.count, $0.value.last) < ($1.value.count, $1.value.last) }?.key ?? .milliseconds
  }

  /// `date` at midnight UTC in this style.
  func format(_ date: CalendarDate) -> String {
    switch self {
    case .milliseconds: "\(date)T00:00:00.000Z"
    case .seconds: "\(date)T00:00:00Z"
    case .dateOnly: date.description
    }
  }
}
