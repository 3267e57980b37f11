import Foundation

/// `MediaMetadata`'s values as a photographer writes them: `1/250 s`, `f/2.8`,
/// `50 mm`, `ISO 200`, and the time a photo was taken as the camera recorded
/// it. Pure; every choice of wording is made here.
package enum MetadataDisplay {
  /// "1/250 s · f/2.8 · 50 mm · ISO 200", of what the photo has; nil for none.
  static func exposure(_ metadata: MediaMetadata) -> String? {
    let parts = [
      metadata.exposure.flatMap(seconds), metadata.aperture.flatMap(aperture),
      metadata.focalLength.flatMap(millimetres), metadata.iso.map { "ISO \($0)" },
    ].compactMap { $0 }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }

  /// Under a second as the fraction cameras show (1/250 s, 1/3 s) when it is
  /// one, else in decimals (0.4 s, 2.5 s, 30 s).
  package static func seconds(_ time: Double) -> String? {
    guard time > 0, time.isFinite else { return nil }
    if time < 1 {
      let denominator = (1 / time).rounded()
      if denominator < 1e9, abs(1 / time - denominator) / denominator < 0.01 {
        return "1/\(Int(denominator)) s"
      }
    }
    return short(time) + " s"
  }

  /// "f/2.8", "f/8", "f/11".
  package static func aperture(_ number: Double) -> String? {
    number > 0 && number.isFinite ? "f/" + short(number) : nil
  }

  /// "50 mm", "4.2 mm".
  package static func millimetres(_ length: Double) -> String? {
    length > 0 && length.isFinite ? short(length) + " mm" : nil
  }

  /// The time as the camera wrote it, in its own time zone, never converted:
  /// "2023:05:01 14:03:22" with "+02:00" → "2023-05-01 14:03 +02:00"; the
  /// offset left out when unknown, the time when the camera wrote only a
  /// date. Nil for what is not a date (blanks, a clock never set).
  package static func taken(_ raw: String, offset: String?) -> String? {
    let digits = raw.map { $0.isASCII && $0.isNumber ? "d" : $0 }
    let date = String(digits.prefix(10))
    guard date == "dddd:dd:dd" || date == "dddd-dd-dd", !raw.hasPrefix("0000") else { return nil }
    var text = raw.prefix(10).replacingOccurrences(of: ":", with: "-")
    let time = String(digits.dropFirst(10).prefix(6))
    guard time == " dd:dd" || time == "Tdd:dd" else { return text }
    text += " " + raw.dropFirst(11).prefix(5)
    if let offset, offset.count == 6,
      String(offset.map { $0.isASCII && $0.isNumber ? "d" : $0 }).dropFirst() == "dd:dd",
      offset.first == "+" || offset.first == "-"
    {
      text += " " + offset
    }
    return text
  }

  /// "★★★★☆" for 4 of 5.
  package static func stars(_ rating: Int) -> String {
    let filled = max(0, min(5, rating))
    return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
  }

  /// One decimal at most, none when it is zero: 2.8, 8, 24.3.
  private static func short(_ value: Double) -> String {
    // A hostile file's rational can be as large as a Double gets.
    guard value < 1e9 else { return String(format: "%.0f", value) }
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
