import Foundation

/// `content/cats.json` behind `cats add`, `cats edit`, `cats remove` and the
/// server's cat forms.
typealias CatStore = DocumentStore<CatsFile>

extension DocumentStore where Document == CatsFile {
  /// Adds `cat` with a new `_id`, which it returns.
  func add(_ cat: NewCat, now: Date, using generator: inout some RandomNumberGenerator, expecting hash: String? = nil)
    throws(EditError) -> String
  {
    try update(expecting: hash) { (cats: inout CatsFile) throws(EditError) in
      try cats.add(cat, now: now, using: &generator)
    }
  }

  /// Changes the fields `changes` gives of the cat whose `_id` is `id`.
  func edit(id: String, _ changes: CatChanges, expecting hash: String? = nil) throws(EditError) {
    try update(expecting: hash) { (cats: inout CatsFile) throws(EditError) in try cats.edit(id: id, changes) }
  }

  /// Removes the cat whose `_id` is `id`.
  func remove(id: String, expecting hash: String? = nil) throws(EditError) {
    try update(expecting: hash) { (cats: inout CatsFile) throws(EditError) in try cats.remove(id: id) }
  }
}
