import Foundation

/// Where `JSONRecordFile`'s edits cut and what they insert.
extension JSONRecordFile {
  /// Replace the bytes in `range` with `bytes`.
  struct Splice {
    var range: Range<Int>
    var bytes: [UInt8]
  }

  /// The members of record `index`, which must be an object.
  func members(of index: Int) throws(EditError) -> [JSONLayout.Member] {
    guard layout.elements.indices.contains(index) else {
      throw .unsupported(file: file, reason: "there is no record \(index + 1)")
    }
    guard let members = layout.elements[index].members else {
      throw .unsupported(file: file, reason: "record \(index + 1) is \(records[index].kindDescription), not an object")
    }
    return members
  }

  /// What comes before a key added to a record with `members`: the record's
  /// own spacing between its last two keys where it has them.
  package func separator(in members: [JSONLayout.Member], afterFirst: Bool) -> [UInt8] {
    if members.isEmpty, !afterFirst { return style.openGap }
    guard members.count >= 2 else { return style.memberSeparator }
    return Array(
      bytes[members[members.count - 2].valueRange.upperBound..<members[members.count - 1].keyRange.lowerBound])
  }

  /// The bytes to cut to remove item `index` of a comma-separated list whose
  /// items span `items`, inside the brackets spanning `container`: the item
  /// with the comma and spacing before it, or after it for the first item, or
  /// everything between the brackets for the only one.
  static func removal(of index: Int, in items: [Range<Int>], inside container: Range<Int>) -> Range<Int> {
    if items.count == 1 { return (container.lowerBound + 1)..<(container.upperBound - 1) }
    if index > 0 { return items[index - 1].upperBound..<items[index].upperBound }
    return items[0].lowerBound..<items[1].lowerBound
  }
}
