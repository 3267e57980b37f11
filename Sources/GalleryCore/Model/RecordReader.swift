/// The loop every input parser shares: each element of an array is one record,
/// a dictionary of fields; one that is not is reported and skipped, and the
/// caller's `read` states only the record's own fields, through a `FieldReader`
/// named for the record ("cat 3"), returning nil to skip it.
enum RecordReader {
  /// What `read` gets: the record's fields, its number from 1 and the collector.
  typealias Read<Record> = (_ fields: FieldReader, _ number: Int, _ diagnostics: inout DiagnosticCollector) -> Record?

  /// The records of an input file whose root is an array of them, e.g. `cats.json`
  /// of `cat`s. No file gives no records; a root that is not an array is one
  /// error. Property lists say "dictionary" where JSON says "object".
  /// - Parameters:
  ///   - skipsEmpty: null and `{}` elements are skipped with a warning, not an error.
  ///   - skipsFaulty: a record is skipped when reading it reported an error,
  ///     even if `read` returned one.
  static func records<Record>(
    in root: Node?, file: String, noun: String, plural: String, skipsEmpty: Bool = false,
    skipsFaulty: Bool = false, diagnostics: inout DiagnosticCollector, read: Read<Record>
  ) -> [Record] {
    guard let root else { return [] }
    let isPropertyList = file.hasSuffix(".plist")
    guard let items = root.array else {
      diagnostics.error(
        isPropertyList
          ? "\(file) must have an array of \(plural) at its root" : "\(file) must be an array of \(plural)",
        at: root)
      return []
    }
    return records(
      items, container: isPropertyList ? "a dictionary" : "an object", owner: { "\(noun) \($0)" },
      skipsEmpty: skipsEmpty, skipsFaulty: skipsFaulty, diagnostics: &diagnostics, read: read)
  }

  /// Each of `items` read as a record named `owner(n)` in messages (n from 1),
  /// for arrays inside a record too ("photo 2 of park \"Ohiopyle\"").
  /// `container` is what an element must be, as messages say it: "an object".
  static func records<Record>(
    _ items: [Node], container: String, owner: (Int) -> String, skipsEmpty: Bool = false,
    skipsFaulty: Bool = false, diagnostics: inout DiagnosticCollector, read: Read<Record>
  ) -> [Record] {
    var records: [Record] = []
    for (index, item) in items.enumerated() {
      let number = index + 1
      let name = owner(number)
      if skipsEmpty, item.isNull || item.isEmptyDictionary {
        diagnostics.warning("\(name) is empty; skipped", at: item)
        continue
      }
      guard item.isDictionary else {
        diagnostics.error("\(name) must be \(container), found \(item.kindDescription)", at: item)
        continue
      }
      let before = diagnostics.list.count
      guard let record = read(FieldReader(node: item, owner: name), number, &diagnostics) else { continue }
      if skipsFaulty, diagnostics.hasErrors(since: before) { continue }
      records.append(record)
    }
    return records
  }
}

extension Node {
  fileprivate var isEmptyDictionary: Bool {
    if case .dictionary(let pairs) = value { return pairs.isEmpty }
    return false
  }
}
