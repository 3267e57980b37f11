import Foundation
import GalleryCore

/// A photo `place` copied in leaves with the last cat that uses it: once no
/// page shows it, every build would warn about it and `build --strict` fail.
/// Which photos are copies is `PhotoCopies`' list, never a name.
extension ContentEditor {
  /// The photo in content/photos/ that `cat` shows, by the name cats.json
  /// gives it; nil for a URL or none.
  func shownPhoto(of cat: Cat, in site: Loaded) -> PhotoFile? {
    guard case .string(let name)? = site.records[safe: cat.record]?["photoUrl"]?.value else { return nil }
    var resolver = PhotoResolver(photos: site.photos)
    guard case .success(let photo) = resolver.resolve(name) else { return nil }
    return photo
  }

  var copies: PhotoCopies { PhotoCopies(fileSystem: fileSystem, root: root) }

  /// Removes `photo` when the site as it is now on disk, read as the build
  /// reads it, shows it on no page, `fetch` did not download it (those
  /// SOURCES.json lists, and fetch alone removes), and `PhotoCopies` lists it
  /// as a copy still as copied. nil when a page still shows it or it was
  /// fetched; else what became of it (kept: why).
  func removeIfUnused(_ photo: PhotoFile) -> LeftPhoto? {
    let loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: NoMetadata())
    var source = loader.loadForFetch(root: root)
    let boundary = SiteBoundary(fileSystem: fileSystem, root: root)
    func read(_ file: String, _ parse: (Data, String) throws(DiagnosticsError) -> Node) -> Node? {
      loader.read(file, in: root, limit: TextLimits.dataFileBytes, boundary: boundary, into: &source, parse: parse)
    }
    source.parks = read("content/parks.plist", PlistReader.parse)
    source.categories = read("content/categories.plist", PlistReader.parse)
    source.cats = read(Self.catsFile, JSONReader.parse)
    var diagnostics = DiagnosticCollector()
    let fetched = PhotoManifest.read(source.manifest, diagnostics: &diagnostics).photos.map(\.file)
    let (site, _) = SiteBuilder(now: now).build(source)
    let folder = Path.join(root, "content/photos")
    guard site.unusedPhotos.contains(photo.relativePath), !fetched.contains(photo.relativePath) else { return nil }
    let reason: String
    switch copies.verdict(of: photo) {
    case .noList: reason = "catgallery has no list of the photos it copied in (\(PhotoCopies.file)), so it is yours"
    case .notCopied: reason = "catgallery did not copy it in"
    case .changed: reason = "it changed since catgallery copied it in"
    case .copied:
      guard fileSystem.staysWithin(photo.path, folder), (try? fileSystem.remove(photo.path)) != nil else {
        return .kept(file: photo.file, reason: "it could not be removed")
      }
      copies.forget(photo.relativePath)
      return .removed(file: photo.file)
    }
    return .kept(file: photo.file, reason: reason)
  }

  /// Removes the copy `place` made when the edit it was for is not written
  /// after all, and drops it from the list.
  package func discard(_ copy: PhotoFile?) {
    guard let copy else { return }
    try? fileSystem.remove(copy.path)
    copies.forget(copy.relativePath)
  }

  /// Runs `edit`; when it fails, removes content/photos/cats/ if the folder
  /// was not there before and is empty now (a copy made it, then was refused
  /// or dropped), so a refused edit leaves nothing behind.
  func tidyingPhotoFolder<Value>(_ edit: () async throws(EditRefusal) -> Value) async throws(EditRefusal) -> Value {
    let folder = Path.join(root, "content/photos/cats")
    let existed = fileSystem.exists(folder)
    do {
      return try await edit()
    } catch {
      if !existed { try? fileSystem.removeEmptyFolder(folder) }
      throw error
    }
  }
}
