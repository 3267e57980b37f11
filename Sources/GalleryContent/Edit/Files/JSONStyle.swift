/// How a JSON array of records is laid out (indentation, line breaks, the
/// space after a colon), learned from the file itself, so a record or key the
/// editor adds looks like its neighbours. Each part is the exact bytes found
/// between two tokens of an existing record; a file with no records gets
/// two-space indentation, the layout restdb exports and `JSON.stringify` pretty-prints.
struct JSONStyle: Sendable, Hashable {
  /// From the end of one element to the start of the next, comma included.
  var elementSeparator: [UInt8] = Array(",\n  ".utf8)
  /// From `[` to the first element, when the array is empty.
  var firstElementGap: [UInt8] = Array("\n  ".utf8)
  /// From `{` to the first key.
  var openGap: [UInt8] = Array("\n    ".utf8)
  /// From the end of a value to the next key, comma included.
  var memberSeparator: [UInt8] = Array(",\n    ".utf8)
  /// From a key to its value, colon included.
  var colon: [UInt8] = Array(": ".utf8)
  /// From the last value to `}`.
  var closeGap: [UInt8] = Array("\n  ".utf8)

  init() {}

  /// The style of the file `bytes` laid out as `layout`: element spacing from
  /// its last two elements, record spacing from its last record with two or
  /// more keys (or, failing that, one key).
  init(_ layout: JSONLayout, bytes: [UInt8]) {
    let elements = layout.elements
    if elements.count >= 2 {
      elementSeparator = Array(
        bytes[elements[elements.count - 2].range.upperBound..<elements[elements.count - 1].range.lowerBound])
    }
    if let first = elements.first {
      firstElementGap = Array(bytes[(layout.open + 1)..<first.range.lowerBound])
      if elements.count == 1 { elementSeparator = Array(",".utf8) + firstElementGap }
    }
    let records = elements.filter { !($0.members ?? []).isEmpty }
    guard let sample = records.last(where: { ($0.members ?? []).count >= 2 }) ?? records.last,
      let members = sample.members, let first = members.first, let last = members.last
    else { return }
    openGap = Array(bytes[(sample.range.lowerBound + 1)..<first.keyRange.lowerBound])
    colon = Array(bytes[first.keyRange.upperBound..<first.valueRange.lowerBound])
    closeGap = Array(bytes[last.valueRange.upperBound..<(sample.range.upperBound - 1)])
    memberSeparator =
      members.count >= 2
      ? Array(bytes[members[members.count - 2].valueRange.upperBound..<last.keyRange.lowerBound])
      : Array(",".utf8) + (openGap.contains(0x0A) ? openGap : colon.contains(0x20) ? Array(" ".utf8) : [])
  }

  /// `"key": value` in this style.
  func member(_ key: String, _ value: JSONScalar) -> [UInt8] {
    Array(JSONWriter.quoted(key).utf8) + colon + Array(value.literal.utf8)
  }

  /// A whole record in this style; `{}` when it has no fields.
  func record(_ fields: [(key: String, value: JSONScalar)]) -> [UInt8] {
    guard !fields.isEmpty else { return Array("{}".utf8) }
    var bytes = Array("{".utf8) + openGap
    for (index, field) in fields.enumerated() {
      if index > 0 { bytes += memberSeparator }
      bytes += member(field.key, field.value)
    }
    return bytes + closeGap + Array("}".utf8)
  }
}
