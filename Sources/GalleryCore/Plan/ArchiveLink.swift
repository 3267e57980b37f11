/// An album page's "Download all" link to the album's zip: the values the
/// template places, as in `{{#archive}}{{#size}}<a href="{{href}}" download>Download
/// all ({{summary}})</a>{{/size}}{{/archive}}`. `size` is there only once the
/// zip is made: always in a build, which fails otherwise; under `preview`, not
/// before its album's copies are made, so the page never links to no file.
///
/// The zip's size is known only once it is made, after planning (the largest
/// copies it holds are made by the Images stage), so, as a placeholder colour
/// is, it is named here by the zip's hash and supplied to the Render stage
/// with the colours (`ArchiveLink.sizeKey`). Its bytes follow from its content,
/// so the page still follows from the input alone.
package struct ArchiveLink: Sendable, Hashable, Encodable {
  /// Relative to the page.
  package var href: String
  /// "3 photos".
  package var count: String
  /// The zip's content hash, for its size.
  var hash: String

  /// The key under which the Render stage finds a zip's size among the colours.
  package static func sizeKey(hash: String) -> String { "zip:" + hash }

  /// "12 MB": decimal units, as browsers and file managers count downloads.
  package static func size(bytes: Int) -> String {
    let units = ["bytes", "kB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 { return Text.count(bytes, "byte") }
    let digits = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
    let number = digits == digits.rounded() ? String(Int(digits)) : String(digits)
    return "\(number) \(units[unit])"
  }

  enum CodingKeys: String, CodingKey {
    case href, count, size, summary
  }

  /// `size` ("12 MB") only once the zip is made; `summary` is the count and
  /// the size when known ("3 photos, 12 MB").
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    let size = (encoder as? any PlaceholderColours)?.colours[Self.sizeKey(hash: hash)]
    try container.encode(href, forKey: .href)
    try container.encode(count, forKey: .count)
    try container.encodeIfPresent(size, forKey: .size)
    try container.encode(size.map { "\(count), \($0)" } ?? count, forKey: .summary)
  }
}
