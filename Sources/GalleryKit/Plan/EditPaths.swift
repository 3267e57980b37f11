/// The URLs of the edit forms `serve` answers, absolute from the server's
/// root (`PageKind.edit`): pages built by `serve` link to them; `build`
/// output never does.
enum EditPaths {
  // The edit forms' path does not depend on site.yml.
  static let prefix = PageKind.edit.path(config: SiteConfig())
  static let newCat = prefix + "new-cat"
  static let stylesheet = prefix + "edit.css"
  static let script = prefix + "edit.js"

  /// The form that edits the cat `id` (its `_id`, else its page slug).
  static func cat(_ id: String) -> String { prefix + "cat/" + PagePath.segment(id) }

  /// The page that asks before removing the cat `id`.
  static func removeCat(_ id: String) -> String { cat(id) + "/remove" }

  /// The form for the caption of photo `photo` of park `park` (from 0, in file order).
  static func caption(park: Int, photo: Int) -> String { prefix + "caption?park=\(park)&photo=\(photo)" }

}
