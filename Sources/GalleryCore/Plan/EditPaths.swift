import Foundation

/// The URLs of the edit forms `serve` answers, absolute from the server's
/// root: pages built by `serve` link to them; `build` output never does.
package enum EditPaths {
  package static let prefix = "/_catgallery/edit/"
  package static let newCat = prefix + "new-cat"
  package static let stylesheet = prefix + "edit.css"
  package static let script = prefix + "edit.js"

  /// The form that edits the cat `id` (its `_id`, else its page slug).
  package static func cat(_ id: String) -> String { prefix + "cat/" + segment(id) }

  /// The page that asks before removing the cat `id`.
  package static func removeCat(_ id: String) -> String { cat(id) + "/remove" }

  /// The form for the caption of photo `photo` of park `park` (from 0, in file order).
  package static func caption(park: Int, photo: Int) -> String { prefix + "caption?park=\(park)&photo=\(photo)" }

  private static func segment(_ text: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#%")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }
}
