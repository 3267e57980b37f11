import Foundation

/// A day of the Gregorian calendar, as a person types a birth date
/// (`YYYY-MM-DD`), with no time of day and no time zone. Ordered by date.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  var year: Int
  var month: Int
  var day: Int

  init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// Exactly `YYYY-MM-DD` with ASCII digits naming a day that exists
  /// (2023-02-29 does not); nil otherwise.
  init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day)
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day `date` falls on in UTC, the time zone `cats.json` stores dates in.
  init(_ date: Date) {
    let parts = Self.utc.dateComponents([.year, .month, .day], from: date)
    self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  /// `YYYY-MM-DD`, as an HTML date input takes it.
  package var description: String {
    String(format: "%04d-%02d-%02d", year, month, day)
  }

  package static func < (a: CalendarDate, b: CalendarDate) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
  }()

  private static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
