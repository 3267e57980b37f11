import Foundation

/// `cats.json` as the cat commands and forms change it: checked values in,
/// the smallest change to the file out (see `JSONRecordFile`). Keys follow
/// restdb's collection: `_id`, `catName`, `ownerName`, `breedId`,
/// `birthDate`, `weightKg`, `rating`, `photoUrl`.
struct CatsFile: Sendable {
  private(set) var json: JSONRecordFile
  /// The form birth dates are written in, learned from the file's own.
  let birthDateStyle: BirthDateStyle

  /// Reads `data`; `file` is the path as the user knows it (`content/cats.json`).
  init(_ data: Data, file: String) throws(EditError) {
    json = try JSONRecordFile(data, file: file)
    let dates = json.records.compactMap { record -> String? in
      guard case .string(let text)? = record["birthDate"]?.value else { return nil }
      return text
    }
    birthDateStyle = BirthDateStyle.common(in: dates)
  }

  var data: Data { json.data }

  /// Every `_id` in the file.
  var ids: Set<String> {
    Set(
      json.records.compactMap { record in
        guard case .string(let id)? = record["_id"]?.value else { return nil }
        return id
      })
  }

  /// Appends `cat` with a new `_id` made at `now`, unique in the file, and
  /// returns that id.
  @discardableResult
  mutating func add(_ cat: NewCat, now: Date, using generator: inout some RandomNumberGenerator)
    throws(EditError)
    -> String
  {
    var id = CatID.make(now: now, using: &generator)
    while ids.contains(id) { id = CatID.make(now: now, using: &generator) }
    try add(cat, id: id)
    return id
  }

  /// Appends `cat` with the given `_id` (restdb's, when restdb made the record).
  mutating func add(_ cat: NewCat, id: String) throws(EditError) {
    guard !ids.contains(id) else { throw .duplicateID(file: json.file, id: id) }
    let (fields, _) = try fields(for: cat.changes)
    try json.append([(key: "_id", value: .string(id))] + fields)
  }

  /// Changes the cat whose `_id` is `id`: every field `changes` gives, and no
  /// other byte of the file.
  mutating func edit(id: String, _ changes: CatChanges) throws(EditError) {
    try edit(at: json.index(ofID: id), changes)
  }

  /// Changes the cat at `index` (for a cat with no `_id`, found by its slug).
  mutating func edit(at index: Int, _ changes: CatChanges) throws(EditError) {
    let (set, removed) = try fields(for: changes)
    if !set.isEmpty { try json.set(set, inRecord: index) }
    if !removed.isEmpty { try json.remove(removed, inRecord: index) }
  }

  /// Removes the cat whose `_id` is `id`.
  mutating func remove(id: String) throws(EditError) {
    try json.removeRecord(at: json.index(ofID: id))
  }

  /// Removes the cat at `index`.
  mutating func remove(at index: Int) throws(EditError) {
    try json.removeRecord(at: index)
  }

  /// Appends a record restdb made, as it answered it (`_id` and restdb's own
  /// fields among `fields`); refused if the file already has its `_id`.
  mutating func append(record fields: JSONRecordFile.Fields, id: String) throws(EditError) {
    guard !ids.contains(id) else { throw .duplicateID(file: json.file, id: id) }
    try json.append(fields)
  }

  /// Sets `fields` in record `index` and removes `keys` from it: how a record
  /// becomes what restdb answered with the fewest bytes changed.
  mutating func update(at index: Int, setting fields: JSONRecordFile.Fields, removing keys: Set<String>)
    throws(EditError)
  {
    if !fields.isEmpty { try json.set(fields, inRecord: index) }
    if !keys.isEmpty { try json.remove(keys, inRecord: index) }
  }

  /// The keys `changes` sets, in restdb's order, and the keys it removes (a
  /// photo set to none).
  func fields(for changes: CatChanges) throws(EditError) -> (JSONRecordFile.Fields, Set<String>) {
    var fields: JSONRecordFile.Fields = []
    func put(_ field: CatField, _ value: JSONScalar?) {
      if let value { fields.append((key: field.jsonKey, value: value)) }
    }
    put(.name, changes.name.map(JSONScalar.string))
    put(.owner, changes.owner.map(JSONScalar.string))
    put(.breed, changes.breedID.map(JSONScalar.string))
    put(.born, changes.born.map { .string(birthDateStyle.format($0)) })
    put(.weight, changes.weight.map { .number($0.text) })
    put(.rating, changes.rating.map(JSONScalar.integer))
    guard let photo = changes.photo else { return (fields, []) }
    if case .localFile(let path) = photo {
      throw .unsupported(
        file: json.file, reason: "copy the photo \"\(path)\" into content/photos/ before saving the cat")
    }
    put(.photo, photo.storedValue.map(JSONScalar.string))
    return (fields, photo == .none ? [CatField.photo.jsonKey] : [])
  }
}

extension CatsFile: EditableDocument {
  static let defaultFile = "content/cats.json"

  /// A site with no `cats.json` starts from an empty array.
  init(contents data: Data?, file: String) throws(EditError) {
    try self.init(data ?? Data("[]\n".utf8), file: file)
  }
}
