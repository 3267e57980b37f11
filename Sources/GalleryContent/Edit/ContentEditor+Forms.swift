import Foundation
import GalleryCore

/// What the server's forms read before they are shown, and the caption edit
/// they post: a form carries the hash of the file it was rendered from, so
/// a post made after someone else changed the file is refused (`conflict`).
extension ContentEditor {
  /// The cats as `cats list` shows them, the breeds a cat may have, and the
  /// hash of cats.json's bytes (nil when there is no file yet).
  package struct CatsState: Sendable {
    package var cats: [CatRow]
    package var breeds: BreedCatalog
    package var hash: String?
  }

  package func catsState() throws(EditRefusal) -> CatsState {
    let site = try load()
    return CatsState(cats: rows(site), breeds: BreedCatalog(breeds: site.breeds), hash: site.hash)
  }

  /// The checks of the cats' values over this site's breeds and clock.
  package func validator() throws(EditRefusal) -> CatValidator {
    CatValidator(breeds: BreedCatalog(breeds: try load().breeds), now: now)
  }

  /// The photo of parks.plist at `park` and `photo` (from 0, in file order)
  /// and the hash of the file.
  package func captionState(park: Int, photo: Int) throws(EditRefusal) -> (target: CaptionTarget, hash: String?) {
    // Indices come from a URL: no arithmetic on one that no file could have.
    let bound = 0..<1_000_000
    guard bound.contains(park), bound.contains(photo) else {
      throw EditRefusal("\(ParksFile.defaultFile) has no such photo", kind: .notFound)
    }
    do {
      let (parks, snapshot) = try captionStore.read()
      guard let target = parks.photos.first(where: { $0.park == park && $0.photo == photo }) else {
        throw EditRefusal("\(ParksFile.defaultFile) has no photo \(photo + 1) in park \(park + 1)", kind: .notFound)
      }
      return (target, snapshot.hash)
    } catch let error as EditError {
      throw EditRefusal(error)
    } catch {
      throw error as? EditRefusal ?? EditRefusal("\(error)")
    }
  }

  /// Sets the caption of `target` if parks.plist still hashes to `hash`.
  package func setCaption(_ caption: String, of target: CaptionTarget, expecting hash: String?) throws(EditRefusal) {
    try checkCache()
    do { try captionStore.setCaption(caption, of: target, expecting: hash) } catch { throw EditRefusal(error) }
  }

  var captionStore: CaptionStore {
    CaptionStore(fileSystem: fileSystem, path: Path.join(root, ParksFile.defaultFile))
  }
}
