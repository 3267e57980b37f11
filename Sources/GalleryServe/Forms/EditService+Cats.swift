import Foundation
import GalleryContent
import GalleryCore

/// The cat forms: add, edit, remove.
extension EditService {
  func newCat(_ post: FormData?, pages: EditPages) async -> EditResponse {
    let state: ContentEditor.CatsState
    do { state = try editor.catsState() } catch { return failed(error) }
    guard let post else { return .page(200, pages.render(pages.catForm(state, row: nil), template: "cat-form")) }
    var values = EditForm.catValues(post)
    let reshow = { (failure: EditRefusal) -> EditResponse in
      // Shown over the file as it is now, so saving again applies to it.
      let state = (try? editor.catsState()) ?? state
      let model = pages.catForm(state, row: nil, typed: post.fields, failure: failure)
      return .page(Self.status(of: failure), pages.render(model, template: "cat-form"))
    }
    // A new cat is appended, so a file changed since the form was opened
    // loses nothing; the editor's own write is conditional on what it reads.
    let breedID = values[CatField.breed.rawValue].flatMap(state.breeds.id(for:))
    let photo: Upload
    do { photo = try self.photo(post, breedID: breedID, current: nil, pages: pages) } catch {
      return reshow(problems(values, new: true, and: error))
    }
    defer { photo.discard(fileSystem) }
    if let value = photo.value { values[CatField.photo.rawValue] = value }
    let id: String
    do { id = try await editor.addCat(values, network: network) } catch { return reshow(photo.named(error)) }
    await afterChange()
    let slug = (try? editor.listCats())?.first { $0.id == id }?.slug
    return .seeOther(slug.map { pages.address(.cat, $0) } ?? pages.address(.cats))
  }

  func editCat(_ id: String, post: FormData?, pages: EditPages) async -> EditResponse {
    let state: ContentEditor.CatsState
    do { state = try editor.catsState() } catch { return failed(error) }
    guard let row = Self.row(id, in: state) else { return noCat(id) }
    guard let post else { return .page(200, pages.render(pages.catForm(state, row: row), template: "cat-form")) }
    let reshow = { (failure: EditRefusal) -> EditResponse in
      let state = (try? editor.catsState()) ?? state
      let model = pages.catForm(
        state, row: Self.row(id, in: state) ?? row, typed: post.fields, failure: failure)
      return .page(Self.status(of: failure), pages.render(model, template: "cat-form"))
    }
    guard post.fields[EditForm.hash] == (state.hash ?? "") else { return reshow(Self.stale(ContentEditor.catsFile)) }
    // Only what differs from the file is changed, so an unchanged field
    // keeps its bytes (a date with a time of day, a weight spelled 4.50).
    var values = EditForm.catValues(post).filter { field, value in
      value.trimmingCharacters(in: .whitespacesAndNewlines) != Self.current(field, of: row)
    }
    let breedID = values[CatField.breed.rawValue].flatMap(state.breeds.id(for:)) ?? row.breedId
    let photo: Upload
    do { photo = try self.photo(post, breedID: breedID, current: row, pages: pages) } catch {
      return reshow(problems(values, new: false, and: error))
    }
    defer { photo.discard(fileSystem) }
    if let value = photo.value { values[CatField.photo.rawValue] = value }
    if values.isEmpty { return .seeOther(pages.address(.cat, row.slug)) }
    do { try await editor.editCat(row.id, values, network: network) } catch { return reshow(photo.named(error)) }
    await afterChange()
    let after = (try? editor.listCats())?.first { $0.id == row.id }
    return .seeOther(pages.address(.cat, after?.slug ?? row.slug))
  }

  func removeCat(_ id: String, post: FormData?, pages: EditPages) async -> EditResponse {
    let state: ContentEditor.CatsState
    do { state = try editor.catsState() } catch { return failed(error) }
    guard let row = Self.row(id, in: state) else { return noCat(id) }
    guard let post else {
      return .page(200, pages.render(pages.removeForm(row, hash: state.hash), template: "remove-cat"))
    }
    let reshow = { (failure: EditRefusal) -> EditResponse in
      let hash = (try? editor.catsState())?.hash ?? state.hash
      return .page(
        Self.status(of: failure),
        pages.render(pages.removeForm(row, hash: hash, failure: failure), template: "remove-cat"))
    }
    guard post.fields[EditForm.hash] == (state.hash ?? "") else { return reshow(Self.stale(ContentEditor.catsFile)) }
    do { try await editor.removeCat(row.id, network: network) } catch { return reshow(error) }
    await afterChange()
    return .seeOther(pages.address(.cats))
  }

  /// The cat a URL names: by `_id` (or slug, for a cat without one), else by page slug.
  static func row(_ id: String, in state: ContentEditor.CatsState) -> ContentEditor.CatRow? {
    state.cats.first { $0.id == id } ?? state.cats.first { $0.slug == id }
  }

  /// A field's value in the file, spelled as the form shows it.
  static func current(_ field: String, of row: ContentEditor.CatRow) -> String? {
    switch CatField(rawValue: field) {
    case .name: row.name
    case .owner: row.owner
    case .breed: row.breedId
    case .born: row.born
    case .weight: row.weightKg
    case .rating: String(row.rating)
    case .photo, nil: nil
    }
  }

  /// `failure` (the photo's) with the problems of the other fields, so the
  /// form shows them all at once, as the command line does.
  func problems(_ values: [String: String], new: Bool, and failure: EditRefusal)
    -> EditRefusal
  {
    guard let validator = try? editor.validator() else { return failure }
    let input = CatInput(form: values)
    var merged = failure
    do {
      if new { _ = try validator.newCat(input) } else { _ = try validator.changes(input) }
    } catch {
      let others = EditRefusal(error)
      merged.diagnostics = others.diagnostics + merged.diagnostics
      merged.fields.merge(others.fields) { mine, _ in mine }
    }
    return merged
  }

  private func noCat(_ id: String) -> EditResponse {
    .message(404, "No such cat", ["content/cats.json has no cat \"\(id)\"; it may have been removed."])
  }

  func failed(_ failure: EditRefusal) -> EditResponse {
    .message(Self.status(of: failure), "Cannot edit", failure.lines)
  }
}
