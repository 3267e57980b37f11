/// The URLs of the edit forms `serve` answers, absolute from the server's
/// root (`PageKind.edit`): pages built by `serve` link to them; `build`
/// output never does.
package enum EditPaths {
  // The edit forms' path does not depend on site.yml.
  package static let prefix = PageKind.edit.path(config: SiteConfig())
  package static let newCat = prefix + "new-cat"
  package static let stylesheet = prefix + "edit.css"
  package static let script = prefix + "edit.js"

  /// The form that edits the cat `id` (its `_id`, else its page slug).
  package static func cat(_ id: String) -> String { prefix + "cat/" + PagePath.segment(id) }

  /// The page that asks before removing the cat `id`.
  package static func removeCat(_ id: String) -> String { cat(id) + "/remove" }

  /// The form for the caption of photo `photo` of park `park` (from 0, in file order).
  package static func caption(park: Int, photo: Int) -> String { prefix + "caption?park=\(park)&photo=\(photo)" }

}
