import Foundation

/// The one table of what an owned cat's fields allow, shared by the command
/// line, the browser's forms and the server: `CatValidator` checks against
/// these numbers and a form renders its `min`, `max`, `step` and `maxlength`
/// from them, so the two cannot drift apart.
package enum CatRules {
  /// Weight in tenths of a kilogram, so bounds compare exactly: 0.5 to 15.0 kg.
  static let weightTenths = 5...150
  /// Rating, a whole number.
  package static let rating = 1...5
  /// Name and owner, in characters (Unicode code points) after trimming.
  package static let textLength = 1...80
  /// The earliest birth date; the latest is today (UTC), from the injected clock.
  static let earliestBirth = CalendarDate(year: 1995, month: 1, day: 1)

  /// The weight control: `0.5`, `15.0`, step `0.1`.
  package static let weightBounds = FieldBounds(
    min: tenths(weightTenths.lowerBound), max: tenths(weightTenths.upperBound), step: "0.1")

  /// The birth-date control: 1995-01-01 to the day `now` falls on in UTC.
  package static func birthBounds(now: Date) -> FieldBounds {
    FieldBounds(min: earliestBirth.description, max: CalendarDate(now).description, step: nil)
  }

  /// `45` → `"4.5"`, `150` → `"15.0"`.
  static func tenths(_ value: Int) -> String { "\(value / 10).\(value % 10)" }
}
