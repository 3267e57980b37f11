import Foundation
import GalleryContent
import GalleryCore

/// The names of the edit forms' controls beyond the cat's fields, and how a
/// posted cat form becomes the values `ContentEditor` checks. Only the
/// controls a form has are read: a posted `photo` text field, which no form
/// has, is ignored, so a post cannot name a file on the server's disk.
enum EditForm {
  static let token = "_token"
  static let hash = "_hash"
  /// `keep`, `none`, `upload` or `photo:<name of a breed's photo>`.
  static let photoChoice = "photo-choice"
  static let photoFile = "photo-file"

  /// The hidden control carrying the value control `name` was made with.
  static func was(_ name: String) -> String { "_was-" + name }

  /// The cat's text fields as posted (everything but the photo).
  static func catValues(_ form: FormData) -> [String: String] {
    var values: [String: String] = [:]
    for field in CatField.allCases where field != .photo {
      if let value = form.fields[field.rawValue] { values[field.rawValue] = value }
    }
    return values
  }

  /// The name cats.json stores for a photo under content/photos/: its path
  /// without the extension (`breeds/abys/abys1`).
  static func storedName(_ photo: Photo) -> String {
    (photo.id as NSString).deletingPathExtension
  }
}
