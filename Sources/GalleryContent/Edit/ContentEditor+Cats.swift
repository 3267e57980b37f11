import Foundation
import GalleryCore

/// The cat edits behind `addCat`, `editCat` and `removeCat`, with the way to
/// restdb given: values are checked first, then the edit goes to restdb when
/// site.yml names it (see `ContentEditor+RestDB`), else straight to cats.json.
extension ContentEditor {
  var store: CatStore {
    CatStore(fileSystem: fileSystem, path: Path.join(root, Self.catsFile))
  }

  /// Adds a cat (the public `addCat`, and serve's form with its turn): the
  /// one way in for both, so each gets the cache check and, when the edit
  /// fails, the tidy of a content/photos/cats/ that a refused copy made.
  package func addCat(_ values: [String: String], network: EditNetwork) async throws(EditRefusal) -> String {
    try checkCache()
    return try await tidyingPhotoFolder { () async throws(EditRefusal) -> String in
      try await add(values, network: network)
    }
  }

  private func add(_ values: [String: String], network: EditNetwork) async throws(EditRefusal) -> String {
    let site = try load()
    let validator = CatValidator(breeds: BreedCatalog(breeds: site.breeds), now: now)
    var cat: NewCat
    do { cat = try validator.newCat(CatInput(form: values)) } catch { throw EditRefusal(error) }
    if let restdb = try writeThrough(site) {
      return try await addCat(cat, to: restdb, site: site, network: network)
    }
    let placed = try place(cat.photo, name: cat.name, in: site)
    cat.photo = placed.photo
    var generator = SystemRandomNumberGenerator()
    do {
      return try store.add(cat, now: now, using: &generator, expecting: site.hash)
    } catch {
      discard(placed.copy)
      throw EditRefusal(error)
    }
  }

  /// Changes the cat; when that replaces or drops the photo `place` copied
  /// in for it, removes that copy once no page uses it and returns its path.
  /// Checked and tidied as `addCat` is, for the command line and forms alike.
  @discardableResult
  package func editCat(_ id: String, _ values: [String: String], network: EditNetwork) async throws(EditRefusal)
    -> LeftPhoto?
  {
    try checkCache()
    return try await tidyingPhotoFolder { () async throws(EditRefusal) -> LeftPhoto? in
      try await change(id, values, network: network)
    }
  }

  private func change(_ id: String, _ values: [String: String], network: EditNetwork) async throws(EditRefusal)
    -> LeftPhoto?
  {
    let site = try load()
    let cat = try find(id, in: site)
    let validator = CatValidator(breeds: BreedCatalog(breeds: site.breeds), now: now)
    var changes: CatChanges
    do { changes = try validator.changes(CatInput(form: values)) } catch { throw EditRefusal(error) }
    let replaced = changes.photo == nil ? nil : shownPhoto(of: cat, in: site)
    if let restdb = try writeThrough(site) {
      try await editCat(cat, changes, in: restdb, site: site, network: network)
      return replaced.flatMap(removeIfUnused)
    }
    var copy: PhotoFile?
    if let photo = changes.photo {
      let placed = try place(photo, name: changes.name ?? cat.name, in: site)
      (changes.photo, copy) = (placed.photo, placed.copy)
    }
    do {
      try store.update(expecting: site.hash) { (cats: inout CatsFile) throws(EditError) in
        if let recordID = cat.id {
          try cats.edit(id: recordID, changes)
        } else {
          try cats.edit(at: cat.record, changes)
        }
      }
    } catch {
      discard(copy)
      throw EditRefusal(error)
    }
    return replaced.flatMap(removeIfUnused)
  }

  /// Removes the cat, then the photo `place` copied in for it when no page
  /// uses that any more; returns the removed photo's path.
  @discardableResult
  package func removeCat(_ id: String, network: EditNetwork) async throws(EditRefusal) -> LeftPhoto? {
    try checkCache()
    let site = try load()
    let cat = try find(id, in: site)
    let photo = shownPhoto(of: cat, in: site)
    if let restdb = try writeThrough(site) {
      try await removeCat(cat, from: restdb, site: site, network: network)
    } else {
      do {
        try store.update(expecting: site.hash) { (cats: inout CatsFile) throws(EditError) in
          if let recordID = cat.id { try cats.remove(id: recordID) } else { try cats.remove(at: cat.record) }
        }
      } catch {
        throw EditRefusal(error)
      }
    }
    return photo.flatMap(removeIfUnused)
  }

  /// The restdb collection cat edits go to first, nil for none. A site.yml
  /// that cannot be read, or whose `sources:` has errors, refuses the edit:
  /// a typo there must not turn an edit meant for restdb into a local one.
  func writeThrough(_ site: Loaded) throws(EditRefusal) -> FetchSources.RestDB? {
    guard site.sourceErrors.isEmpty else {
      throw EditRefusal(
        site.sourceErrors
          + [.note("cat edits read sources in content/site.yml to know whether restdb gets them first; fix it first")])
    }
    return site.restdb
  }
}
