import Foundation
import GalleryCore

/// One record as JSON text spells it (restdb's answer, or the body sent to
/// it): each member's key, its value parsed, and its exact literal, so what
/// lands in cats.json is what restdb holds, spelled as restdb spelled it
/// unless the value is the one that was sent (`4.0` then stays `4.0`).
struct RestDBRecord: Sendable {
  struct Member: Sendable {
    var key: String
    var value: NodeValue
    /// The value's bytes in the text, as text.
    var literal: String
  }

  /// In the text's order; a repeated key keeps its last value, as readers do.
  var members: [Member]
  /// The record as parsed, located in `file`, for the model's own checks.
  var node: Node

  /// `data` as one JSON object; nil when it is anything else. `file` names
  /// where it came from in diagnostics (the request's redacted URL).
  init?(json data: Data, file: String = "") {
    var bytes = Array(data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    // Wrapped in an array so the record file's own layout scanner finds each literal.
    let wrapped = [UInt8(ascii: "[")] + bytes + [UInt8(ascii: "]")]
    guard let root = try? JSONReader.parse(Data(wrapped), file: file), let records = root.array, records.count == 1,
      case .dictionary(let pairs) = records[0].value, let layout = JSONLayout(wrapped),
      let spans = layout.elements.first?.members, spans.count == pairs.count
    else { return nil }
    var members: [Member] = []
    for (span, pair) in zip(spans, pairs) {
      let member = Member(
        key: pair.key, value: pair.value.value, literal: String(decoding: wrapped[span.valueRange], as: UTF8.self))
      if let earlier = members.firstIndex(where: { $0.key == pair.key }) {
        members[earlier] = member
      } else {
        members.append(member)
      }
    }
    self.members = members
    self.node = records[0]
  }

  subscript(key: String) -> Member? { members.first { $0.key == key } }

  /// `_id`, when it is a string.
  var id: String? {
    if case .string(let id)? = self["_id"]?.value { return id }
    return nil
  }

  /// The members as fields to write: strings quoted in the file's way, every
  /// other value as spelled, or as `sent` spelled it where that is the same value.
  func fields(preferring sent: RestDBRecord?) -> JSONRecordFile.Fields {
    members.map { member in
      if case .string(let text) = member.value { return (key: member.key, value: .string(text)) }
      if let mine = sent?[member.key], Self.same(mine.value, member.value) {
        return (key: member.key, value: .raw(mine.literal))
      }
      return (key: member.key, value: .raw(member.literal))
    }
  }

  /// Equal as JSON values: `4` and `4.0` are the same number; where a value
  /// was read from does not matter.
  static func same(_ a: NodeValue, _ b: NodeValue) -> Bool {
    switch (a, b) {
    case (.integer(let x), .double(let y)), (.double(let y), .integer(let x)):
      return Double(x) == y
    case (.array(let x), .array(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { same($0.value, $1.value) }
    case (.dictionary(let x), .dictionary(let y)):
      return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && same($0.value.value, $1.value.value) }
    default:
      return a == b
    }
  }
}
