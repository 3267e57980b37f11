import Foundation
import GalleryCore

/// Cat edits when site.yml names a restdb collection: restdb first, then
/// cats.json. Values are checked and the key looked up before any request;
/// cats.json changes only after restdb answered 2xx, and then to the record
/// restdb answered (its `_id`, `_created`, `_changed`… included), with the
/// fewest bytes changed. A refused or failed request leaves every local file
/// as it was, a photo copied for the edit included.
///
/// A photo file cannot travel to restdb as a file: it is copied into
/// content/photos/cats/ as without restdb, and restdb gets its name there
/// (`cats/cat-nimbus`) as `photoUrl`, which this site resolves like any
/// photo's name.
extension ContentEditor {
  package func addCat(_ cat: NewCat, to source: FetchSources.RestDB, site: Loaded, network: EditNetwork)
    async throws(EditRefusal) -> String
  {
    let key = try restdbKey(source, network)
    var cat = cat
    let placed = try place(cat.photo, name: cat.name, in: site)
    cat.photo = placed.photo
    let copied = placed.copy
    var accepted = false
    do {
      let file = try catsFile()
      let body = Self.json(try editing { () throws(EditError) in try file.fields(for: cat.changes).0 })
      let answer = try await network.withWriter(for: source, key: key) { writer throws(EditRefusal) in
        do throws(RestDBError) { return try await writer.create(body) } catch {
          throw EditRefusal(restdb: error.diagnostics)
        }
      }
      accepted = true
      try check(answer, site: site, copied: copied)
      let (record, sent) = (answer.record, RestDBRecord(json: body))
      let id = record.id ?? ""
      try writeAfter(answer, record: (id, nil)) { (cats: inout CatsFile) throws(EditError) in
        try cats.append(record: record.fields(preferring: sent), id: id)
      }
      return id
    } catch {
      // Kept once restdb has the cat: its photoUrl names the copy.
      if !accepted { discard(copied) }
      throw error
    }
  }

  package func editCat(
    _ cat: Cat, _ changes: CatChanges, in source: FetchSources.RestDB, site: Loaded, network: EditNetwork
  )
    async throws(EditRefusal)
  {
    let id = try restdbID(of: cat)
    let key = try restdbKey(source, network)
    var changes = changes
    var copied: PhotoFile?
    if let photo = changes.photo {
      let placed = try place(photo, name: changes.name ?? cat.name, in: site)
      (changes.photo, copied) = (placed.photo, placed.copy)
    }
    var accepted = false
    do {
      var file = try catsFile()
      let (body, read) = try editing { () throws(EditError) -> (Data, Data) in
        let index = try file.json.index(ofID: id)
        let read = file.json.recordData(at: index)
        try file.edit(at: index, changes)
        // restdb keeps its own bookkeeping fields; the whole record is everything else.
        let bookkeeping = Set(file.json.keys(ofRecord: index).filter { $0.hasPrefix("_") && $0 != "_id" })
        try file.update(at: index, setting: [], removing: bookkeeping)
        return (file.json.recordData(at: index), read)
      }
      let answer = try await network.withWriter(for: source, key: key) { writer throws(EditRefusal) in
        do throws(RestDBError) { return try await writer.replace(id: id, with: body) } catch {
          throw EditRefusal(restdb: error.diagnostics)
        }
      }
      accepted = true
      try check(answer, site: site, copied: copied)
      let (record, sent) = (answer.record, RestDBRecord(json: body))
      try writeAfter(answer, record: (id, read)) { (cats: inout CatsFile) throws(EditError) in
        let index = try cats.json.index(ofID: id)
        let local = cats.json.records[index]
        var changed: JSONRecordFile.Fields = []
        for (field, member) in zip(record.fields(preferring: sent), record.members) {
          if let mine = local[member.key], RestDBRecord.same(mine.value, member.value) { continue }
          changed.append(field)
        }
        let gone = Set(cats.json.keys(ofRecord: index)).subtracting(record.members.map(\.key))
        try cats.update(at: index, setting: changed, removing: gone)
      }
    } catch {
      if !accepted { discard(copied) }
      throw error
    }
  }

  package func removeCat(_ cat: Cat, from source: FetchSources.RestDB, site: Loaded, network: EditNetwork)
    async throws(EditRefusal)
  {
    let id = try restdbID(of: cat)
    let key = try restdbKey(source, network)
    let file = try catsFile()
    let read = try editing { () throws(EditError) -> Data in file.json.recordData(at: try file.json.index(ofID: id)) }
    let done = try await network.withWriter(for: source, key: key) { writer throws(EditRefusal) in
      do throws(RestDBError) { return try await writer.delete(id: id) } catch {
        throw EditRefusal(restdb: error.diagnostics)
      }
    }
    try writeAfter((done.request, done.status), record: (id, read)) { (cats: inout CatsFile) throws(EditError) in
      try cats.remove(id: id)
    }
  }

  // MARK: - Before the request

  private func restdbKey(_ source: FetchSources.RestDB, _ network: EditNetwork) throws(EditRefusal) -> String? {
    do { return try network.key(for: source) } catch { throw EditRefusal(restdb: error.diagnostics) }
  }

  /// The `_id` restdb knows the cat by; a cat with none exists only here.
  private func restdbID(of cat: Cat) throws(EditRefusal) -> String {
    guard let id = cat.id else {
      throw EditRefusal(
        "cat \"\(cat.slug)\" has no _id, so restdb does not have it and edits go to restdb first "
          + "(sources.restdb in content/site.yml); run catgallery fetch --only cats, or add the cat again")
    }
    guard RestDBWriter.isSendable(id: id) else {
      // Named by its name: the slug of a cat with an _id is made from that _id.
      throw EditRefusal("cat \"\(cat.name)\" has the _id \"\(id)\", which restdb never makes; nothing was sent")
    }
    return id
  }

  private func catsFile() throws(EditRefusal) -> CatsFile {
    do { return try store.read().document } catch { throw EditRefusal(error) }
  }

  private func editing<T>(_ make: () throws(EditError) -> T) throws(EditRefusal) -> T {
    do { return try make() } catch { throw EditRefusal(error) }
  }

  /// `{"catName":"Nimbus",…}`: the body of a POST.
  package static func json(_ fields: JSONRecordFile.Fields) -> Data {
    Data(("{" + fields.map { JSONWriter.quoted($0.key) + ":" + $0.value.literal }.joined(separator: ",") + "}").utf8)
  }

  // MARK: - After restdb answered

  /// The record restdb answered, read as the build reads cats.json: one
  /// the build would refuse is not written.
  private func check(_ answer: RestDBWriter.Answer, site: Loaded, copied: PhotoFile?) throws(EditRefusal) {
    var diagnostics = DiagnosticCollector()
    var resolver = PhotoResolver(photos: site.photos + (copied.map { [$0] } ?? []))
    let records = Node(.array([answer.record.node]), at: answer.record.node.location)
    _ = SiteBuilder(now: now).cats(
      records, breeds: site.breeds, checksBreeds: !site.breeds.isEmpty, resolver: &resolver,
      diagnostics: &diagnostics)
    let errors = diagnostics.list.filter { $0.severity == .error }
    guard !errors.isEmpty else { return }
    let refusal = RestDBError.badAnswer(
      request: answer.request, status: answer.status, reason: "the record it answered is not one this site can build"
    ).diagnostics
    throw EditRefusal(restdb: Array(refusal.prefix(1)) + errors + refusal.dropFirst())
  }

  /// Applies `change` to cats.json once restdb has the change; a failure
  /// now says that restdb has it and how to bring it in. Under `serve`
  /// another edit may have written the file while restdb answered this one
  /// (`EditNetwork.withWriter` gives up the turn): the change is made to the
  /// file as it is now if the record it is about is as it was read (`read`,
  /// its bytes; nil for a new cat: no record has `id` yet). Only an edit of
  /// the same record is a conflict.
  private func writeAfter(
    _ answer: (request: String, status: Int), record: (id: String, read: Data?),
    _ change: (inout CatsFile) throws(EditError) -> Void
  ) throws(EditRefusal) {
    do {
      try store.update { (cats: inout CatsFile) throws(EditError) in
        let index = try? cats.json.index(ofID: record.id)
        guard index.map({ cats.json.recordData(at: $0) }) == record.read else {
          throw .changedOnDisk(file: Self.catsFile)
        }
        try change(&cats)
      }
    } catch {
      let done = "\(answer.request): \(NetworkResponse.describe(status: answer.status))"
      let why =
        error == .changedOnDisk(file: Self.catsFile)
        ? "\(Self.catsFile) changed on disk since it was read, so it was not updated"
        : "\(Self.catsFile) was not updated: \(error)"
      throw EditRefusal(
        [
          .error("restdb has the change (\(done)), but \(why)"),
          .note("run catgallery fetch --only cats to bring restdb's cats into \(Self.catsFile)"),
        ], kind: .conflict)
    }
  }

  private func writeAfter(
    _ answer: RestDBWriter.Answer, record: (id: String, read: Data?),
    _ change: (inout CatsFile) throws(EditError) -> Void
  ) throws(EditRefusal) {
    try writeAfter((answer.request, answer.status), record: record, change)
  }
}

extension JSONRecordFile {
  /// The keys of record `index` in file order (none when it is not an object).
  package func keys(ofRecord index: Int) -> [String] {
    guard case .dictionary(let pairs)? = records[safe: index]?.value else { return [] }
    return pairs.map(\.key)
  }

  /// The bytes of record `index` as they stand in the file.
  func recordData(at index: Int) -> Data {
    Data(bytes[layout.elements[index].range])
  }
}
