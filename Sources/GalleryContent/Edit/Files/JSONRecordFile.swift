import Foundation
import GalleryCore

/// A JSON file holding an array of records (`cats.json`), edited so that only
/// the bytes of what changed change: every other record and key keeps its
/// bytes and order, unknown fields (restdb's `_created`, `_changed`, …) stay,
/// and the file keeps its indentation and its trailing newline or lack of one.
/// With no edit, `data` is the bytes it was made from.
package struct JSONRecordFile: Sendable {
  package typealias Fields = [(key: String, value: JSONScalar)]

  /// The path as the user knows it, for messages.
  package let file: String
  package private(set) var bytes: [UInt8]
  /// The records as parsed, in file order (an element may be any value).
  private(set) var records: [Node]
  private(set) var layout: JSONLayout
  /// The layout that records and keys added by this editor copy.
  private(set) var style: JSONStyle

  /// Reads `data`: `.unreadable` with the reader's located diagnostics when it
  /// is not JSON, `.unsupported` when its root is not an array.
  init(_ data: Data, file: String) throws(EditError) {
    self.file = file
    bytes = Array(data)
    (records, layout, style) = try Self.parse(bytes, file: file)
  }

  package var data: Data { Data(bytes) }

  /// The index of the one record whose `_id` is `id`.
  package func index(ofID id: String) throws(EditError) -> Int {
    let matches = records.indices.filter { records[$0]["_id"]?.value == .string(id) }
    guard let index = matches.first else { throw .recordNotFound(file: file, id: id) }
    guard matches.count == 1 else { throw .duplicateID(file: file, id: id) }
    return index
  }

  /// Sets `fields` in record `index`: an existing key gets the new value in
  /// place of the old one's bytes (the last one, where a key is repeated, as
  /// that is the one readers use); a new key is added after the last, spaced
  /// like the record's other keys.
  mutating func set(_ fields: Fields, inRecord index: Int) throws(EditError) {
    let members = try self.members(of: index)
    var splices: [Splice] = []
    var added: [UInt8] = []
    // A key given twice is set once, to its last value.
    for (position, field) in fields.enumerated()
    where !fields[(position + 1)...].contains(where: { $0.key == field.key }) {
      if let member = members.last(where: { $0.key == field.key }) {
        splices.append(Splice(range: member.valueRange, bytes: Array(field.value.literal.utf8)))
      } else {
        added += separator(in: members, afterFirst: !added.isEmpty) + style.member(field.key, field.value)
      }
    }
    if !added.isEmpty {
      let record = layout.elements[index].range
      let insertion = members.last?.valueRange.upperBound ?? record.lowerBound + 1
      let end = members.isEmpty ? record.upperBound - 1 : insertion
      splices.append(Splice(range: insertion..<end, bytes: added + (members.isEmpty ? style.closeGap : [])))
    }
    try apply(splices)
  }

  /// Removes every occurrence of `keys` from record `index`, with the comma
  /// and spacing that went with each.
  package mutating func remove(_ keys: Set<String>, inRecord index: Int) throws(EditError) {
    while true {
      let members = try self.members(of: index)
      guard let doomed = members.lastIndex(where: { keys.contains($0.key) }) else { return }
      let record = layout.elements[index].range
      let items = members.map { $0.keyRange.lowerBound..<$0.valueRange.upperBound }
      try apply([Splice(range: Self.removal(of: doomed, in: items, inside: record), bytes: [])])
    }
  }

  /// Adds a record after the last, laid out in the file's own style.
  package mutating func append(_ fields: Fields) throws(EditError) {
    let record = style.record(fields)
    if let last = layout.elements.last {
      let end = last.range.upperBound
      return try apply([Splice(range: end..<end, bytes: style.elementSeparator + record)])
    }
    let closing: [UInt8] = style.firstElementGap.contains(0x0A) ? [0x0A] : []
    try apply([Splice(range: (layout.open + 1)..<layout.close, bytes: style.firstElementGap + record + closing)])
  }

  /// Removes record `index` with the comma and spacing that went with it.
  mutating func removeRecord(at index: Int) throws(EditError) {
    guard layout.elements.indices.contains(index) else {
      throw .unsupported(file: file, reason: "there is no record \(index + 1)")
    }
    let array = layout.open..<(layout.close + 1)
    try apply([Splice(range: Self.removal(of: index, in: layout.elements.map(\.range), inside: array), bytes: [])])
  }

  /// Applies `splices` (which do not overlap) and parses the result again, so
  /// the records and layout always describe the bytes. A result that is not
  /// an array of JSON would be a bug here: it is refused, never kept.
  private mutating func apply(_ splices: [Splice]) throws(EditError) {
    var edited = bytes
    for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      edited.replaceSubrange(splice.range, with: splice.bytes)
    }
    do {
      (records, layout, style) = try Self.parse(edited, file: file)
    } catch {
      throw .unsupported(file: file, reason: "the edit would not leave valid JSON (a bug in catgallery)")
    }
    bytes = edited
  }

  /// The records, layout and style of `bytes`.
  private static func parse(_ bytes: [UInt8], file: String) throws(EditError) -> ([Node], JSONLayout, JSONStyle) {
    let root: Node
    do {
      root = try JSONReader.parse(Data(bytes), file: file)
    } catch {
      throw .unreadable(file: file, error.diagnostics)
    }
    guard let records = root.array, let layout = JSONLayout(bytes), layout.elements.count == records.count else {
      throw .unsupported(file: file, reason: "it must be an array of records, found \(root.kindDescription)")
    }
    return (records, layout, JSONStyle(layout, bytes: bytes))
  }
}
