import Foundation
import GalleryContent
import GalleryCore

/// The photo control of the cat forms: keep it, none, an upload, or one of
/// the photos of the cat's breed.
extension EditService {
  /// What the photo control asks for: the `photo` value for the editor (nil:
  /// leave as is), and the uploaded file staged for it, removed afterwards.
  struct Upload {
    var value: String?
    var staged: String?
    var filename: String?

    func discard(_ fileSystem: FileSystem) {
      if let staged { try? fileSystem.remove(staged) }
    }

    /// `failure` with the staged file's path replaced by the name the browser gave it.
    func named(_ failure: EditRefusal) -> EditRefusal {
      guard let staged, let filename else { return failure }
      return failure.replacing(staged, with: filename)
    }
  }

  /// Reads the photo control of `post`; `breedID` is the breed the cat will
  /// have, whose photos alone may be chosen; `current` the cat as it is.
  func photo(_ post: FormData, breedID: String?, current: ContentEditor.CatRow?, pages: EditPages)
    throws(EditRefusal) -> Upload
  {
    let choice = post.fields[EditForm.photoChoice] ?? (current == nil ? "none" : "keep")
    switch choice {
    case "keep": return Upload()
    case "none": return Upload(value: current?.photo == nil && current != nil ? nil : "")
    case "upload": return try stage(post.files[EditForm.photoFile])
    default:
      let name = choice.hasPrefix("photo:") ? String(choice.dropFirst("photo:".count)) : ""
      let breed = pages.snapshot.site.breeds.first { $0.id == breedID }
      guard let breed, breed.album.items.contains(where: { EditForm.storedName($0.photo) == name }) else {
        throw EditRefusal(
          .photo, "photo must be kept, none, an uploaded image or one of the photos of the cat's breed")
      }
      return Upload(value: name == current?.photo ? nil : name)
    }
  }

  /// Checks an upload (an image of at most 40 MB) and stages it in the
  /// site's cache, from where the editor copies it into content/photos/cats/.
  private func stage(_ file: FormData.File?) throws(EditRefusal) -> Upload {
    guard let file, !file.data.isEmpty else {
      throw EditRefusal(.photo, "photo: choose an image file to upload")
    }
    // Checked before it is staged, so its problem shows with the other fields'.
    let format = try ContentEditor.imageFormat(of: file.data, named: file.filename)
    // Staged in the cache: never through a link out of the site.
    try editor.checkCache()
    let folder = Path.join(siteRoot, ".cache/catgallery/uploads")
    let path = Path.join(folder, "upload-\(EditGate.randomToken().prefix(16)).\(format.rawValue)")
    do {
      try fileSystem.createFolder(folder)
      try fileSystem.write(file.data, to: path)
    } catch {
      throw EditRefusal("photo: cannot keep the upload (\(OSReason.describe(error)))")
    }
    return Upload(value: path, staged: path, filename: file.filename.isEmpty ? "the upload" : file.filename)
  }
}
