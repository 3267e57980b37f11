import Foundation

/// An Atom date (RFC 3339) that depends on the input files alone, so a
/// rebuild writes the same feed: a photo's date taken, else its file's
/// modification time (facts.json's for a fact), or `unknown`. Never the build's
/// clock: a reader takes a changed date for an edited entry.
package struct FeedDate: Sendable, Hashable, Comparable {
  /// As written in the feed: "2023-05-01T14:03:22+02:00".
  package var text: String
  /// The moment it names, for ordering.
  package var instant: Date

  /// For an entry with no date of its own (a photo without a date taken, a
  /// fact): the Unix epoch, which stays the same however the site changes.
  package static let unknown = FeedDate(text: "1970-01-01T00:00:00Z", instant: Date(timeIntervalSince1970: 0))

  init(text: String, instant: Date) {
    self.text = text
    self.instant = instant
  }

  /// A date taken as EXIF writes it ("2023:05:01 14:03:22") with its offset
  /// ("+02:00"); without one, read as UTC, since Atom dates must carry a zone.
  /// Nil for no date, the all-zero date and anything that is not a date.
  package init?(taken: String?, offset: String?) {
    guard let key = MediaOrder.sortKey(taken: taken) else { return nil }
    let digits = key.compactMap(\.wholeNumberValue)
    let number = { (from: Int, count: Int) in digits[from..<from + count].reduce(0) { $0 * 10 + $1 } }
    var parts = DateComponents(
      year: number(0, 4), month: number(4, 2), day: number(6, 2), hour: number(8, 2), minute: number(10, 2),
      second: number(12, 2))
    // A time no clock shows is left out rather than guessed.
    if (parts.hour ?? 0) > 23 || (parts.minute ?? 0) > 59 || (parts.second ?? 0) > 59 {
      (parts.hour, parts.minute, parts.second) = (0, 0, 0)
    }
    let zone = offset.flatMap(Self.minutes)
    guard let local = Dates.calendar.date(from: parts), Dates.calendar.component(.day, from: local) == parts.day
    else { return nil }
    let stamp = String(
      format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0,
      parts.minute ?? 0, parts.second ?? 0)
    text = stamp + (zone == nil ? "Z" : offset ?? "Z")
    instant = local.addingTimeInterval(-Double((zone ?? 0) * 60))
  }

  /// A file's modification time (seconds since 1970), to the second, in UTC.
  package init(modified: Double) {
    instant = Date(timeIntervalSince1970: modified.rounded(.down))
    text = ""
    text = utc
  }

  /// "+02:00" or "-05:30" as minutes east of UTC; nil for anything else.
  static func minutes(_ offset: String) -> Int? {
    let characters = Array(offset)
    guard characters.count == 6, characters[0] == "+" || characters[0] == "-", characters[3] == ":",
      (characters[1...2] + characters[4...5]).allSatisfy({ $0.isASCII && $0.isNumber }),
      let hours = Int(String(characters[1...2])), let minutes = Int(String(characters[4...5])), hours <= 14,
      minutes <= 59
    else { return nil }
    return (characters[0] == "-" ? -1 : 1) * (hours * 60 + minutes)
  }

  /// The same moment in UTC, as the feed's own `updated` is written.
  var utc: String {
    let parts = Dates.calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
    return String(
      format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0,
      parts.minute ?? 0, parts.second ?? 0)
  }

  package static func < (left: FeedDate, right: FeedDate) -> Bool { left.instant < right.instant }
}
