import Foundation
import TestSupport

/// A `cats.json` shaped like a real restdb.io export: 24-hex `_id`s, restdb's
/// own `_created`, `_changed`, `_createdby`, `_changedby` and `_version`,
/// weights with one and two decimals, two-space indentation, a final newline.
enum RestdbExport {
  static let breeds = ["abys", "beng", "mcoo"]

  /// The `_id` of record `index`.
  static func id(_ index: Int) -> String { "5db709f6" + String(format: "%016x", index * 7919 + 1) }

  static func record(_ index: Int) -> [String] {
    [
      "  {",
      "    \"_id\": \"\(id(index))\",",
      "    \"catName\": \"Cat \(index) Zoë\",",
      "    \"ownerName\": \"Owner \(index % 17)\",",
      "    \"breedId\": \"\(breeds[index % breeds.count])\",",
      "    \"birthDate\": \"20\(10 + index % 12)-0\(1 + index % 9)-1\(index % 10)T08:21:44.000Z\",",
      "    \"weightKg\": \(index % 4 == 0 ? "4.0" : "3.\(index % 100)"),",
      "    \"rating\": \(1 + index % 5),",
      "    \"photoUrl\": \"https://cdn2.thecatapi.com/images/\(index).jpg\",",
      "    \"_created\": \"2019-10-28T15:32:06.412Z\",",
      "    \"_changed\": \"2020-02-03T10:14:51.087Z\",",
      "    \"_createdby\": \"api\",",
      "    \"_changedby\": \"catgallery.admin@example.com\",",
      "    \"_version\": \(index % 3)",
      "  }",
    ]
  }

  /// Lines per record, braces included.
  static let recordLines = 15

  /// `count` records; record `index` takes lines `1 + index * 15 ..< 1 + (index + 1) * 15` (0-based).
  static func file(count: Int) -> String {
    let records = (0..<count).map { record($0).joined(separator: "\n") }
    return "[\n" + records.joined(separator: ",\n") + "\n]\n"
  }

  /// The lines of `old` that `new` changed, as a range of `old`'s lines (0-based),
  /// and how many lines replace them: what a line diff would show as one hunk.
  static func changedLines(_ old: String, _ new: String) -> (old: Range<Int>, newCount: Int) {
    let diff = TextDiff(expected: old, actual: new)
    guard let hunk = diff.hunk else { return (diff.expected.count..<diff.expected.count, 0) }
    return (hunk.expected, hunk.actual.count)
  }
}
