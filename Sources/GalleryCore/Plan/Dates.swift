import Foundation

/// Date wording that does not depend on the machine's locale or time zone.
package enum Dates {
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  package static var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
  }

  /// "12 March 2015".
  package static func long(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return "\(parts.day ?? 1) \(months[(parts.month ?? 1) - 1]) \(parts.year ?? 0)"
  }

  /// "2015-03-12", for `<time datetime>`.
  package static func day(_ date: Date) -> String {
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
  }

  /// "7 years", or "5 months" under a year.
  static func age(from birth: Date, to now: Date) -> String {
    let parts = calendar.dateComponents([.year, .month], from: birth, to: now)
    let years = parts.year ?? 0
    if years >= 1 { return Text.count(years, "year") }
    return Text.count(max(0, parts.month ?? 0), "month")
  }
}
