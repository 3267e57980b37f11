import Foundation

/// Camera, lens, exposure, date and description as photo pages show them,
/// made from the text libvips gives for each EXIF field. Pure: the codec only
/// fetches the fields named in `fields`; every choice of wording is made here.
package enum ExifDisplay {
  package static let make = "exif-ifd0-Make"
  package static let model = "exif-ifd0-Model"
  package static let description = "exif-ifd0-ImageDescription"
  static let lens = "exif-ifd2-LensModel"
  static let exposureTime = "exif-ifd2-ExposureTime"
  static let fNumber = "exif-ifd2-FNumber"
  static let iso = "exif-ifd2-ISOSpeedRatings"
  static let focalLength = "exif-ifd2-FocalLength"
  package static let taken = "exif-ifd2-DateTimeOriginal"

  /// The libvips field names the display is made from.
  package static let fields = [make, model, description, lens, exposureTime, fNumber, iso, focalLength, taken]

  /// Display values by `ExifField` raw value, plus "description" (a caption
  /// for `preview`), from libvips' text of each field by name. A field that is
  /// missing, empty or unreadable is left out.
  package static func values(from text: [String: String]) -> [String: String] {
    let raw = text.compactMapValues(value)
    var values: [String: String] = [:]
    if let model = raw[model] { values[ExifField.camera.rawValue] = camera(make: raw[make], model: model) }
    values[ExifField.lens.rawValue] = raw[lens]
    values["description"] = raw[description]
    let exposure = [
      raw[exposureTime].flatMap(seconds), raw[fNumber].flatMap(aperture), raw[iso].flatMap(speed),
      raw[focalLength].flatMap(millimetres),
    ].compactMap { $0 }
    if !exposure.isEmpty { values[ExifField.exposure.rawValue] = exposure.joined(separator: " · ") }
    values[ExifField.date.rawValue] = raw[taken].flatMap(date)
    return values
  }

  /// The raw value in libvips' text of a field, which is
  /// `raw (as libexif words it, Type, n components, m bytes)`: "28/10 (f/2.8,
  /// Rational, …)". Text values repeat themselves ("Tom (left) (Tom (left),
  /// ASCII, …)"), parentheses and commas included. Nil when empty.
  package static func value(_ text: String) -> String? {
    var value = Substring(text)
    if text.hasSuffix(" bytes)") {
      var head = text.dropLast()
      // Type, component count and byte count never hold ", ".
      for _ in 0..<3 {
        guard let comma = head.range(of: ", ", options: .backwards) else { break }
        head = head[..<comma.lowerBound]
      }
      let half = max(0, head.count - 2) / 2
      if head.count == 2 * half + 2, head.dropFirst(half).hasPrefix(" ("), head.prefix(half) == head.suffix(half) {
        value = head.prefix(half)
      } else if let open = head.range(of: " (") {
        value = head[..<open.lowerBound]
      }
    }
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  /// Most cameras repeat the maker in the model ("Canon EOS R6", "NIKON D750"
  /// from "NIKON CORPORATION"): then the model alone.
  static func camera(make: String?, model: String) -> String {
    guard let make, let brand = make.split(separator: " ").first else { return model }
    return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(make) \(model)"
  }

  /// "1/125" → "1/125 s"; long exposures in seconds: "25/10" → "2.5 s".
  package static func seconds(_ raw: String) -> String? {
    guard let time = number(raw), time > 0 else { return nil }
    if time < 0.3 { return "1/\(Int((1 / time).rounded())) s" }
    return short(time) + " s"
  }

  /// "28/10" → "f/2.8", "8/1" → "f/8".
  static func aperture(_ raw: String) -> String? {
    number(raw).flatMap { $0 > 0 ? "f/" + short($0) : nil }
  }

  /// "400" → "ISO 400"; of several values, the first.
  static func speed(_ raw: String) -> String? {
    raw.split(whereSeparator: { $0 == " " || $0 == "," }).first.flatMap { Int($0) }.map { "ISO \($0)" }
  }

  /// "500/10" → "50 mm", "243/10" → "24.3 mm".
  static func millimetres(_ raw: String) -> String? {
    number(raw).flatMap { $0 > 0 ? short($0) + " mm" : nil }
  }

  /// "2019:10:07 12:34:56" → "2019-10-07 12:34"; a camera without a clock
  /// writes zeros, which say nothing.
  package static func date(_ raw: String) -> String? {
    let shape = String(raw.prefix(16).map { $0.isASCII && $0.isNumber ? "d" : $0 })
    guard shape == "dddd:dd:dd dd:dd", !raw.hasPrefix("0000") else { return nil }
    return raw.prefix(10).replacingOccurrences(of: ":", with: "-") + " " + raw.dropFirst(11).prefix(5)
  }

  /// A rational ("28/10") or plain ("2.8") number.
  private static func number(_ raw: String) -> Double? {
    let parts = raw.split(separator: "/")
    if parts.count == 1 { return Double(parts[0]) }
    guard parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0
    else { return nil }
    return numerator / denominator
  }

  /// One decimal at most, none when it is zero: 2.8, 8, 24.3.
  private static func short(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
