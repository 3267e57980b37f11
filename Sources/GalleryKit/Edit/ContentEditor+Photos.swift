import Foundation

/// A photo `place` copied in leaves with the last cat that uses it: once no
/// page shows it, every build would warn about it and `build --strict` fail.
extension ContentEditor {
  /// The photo `place` copied in for `cat`, found by the name cats.json gives
  /// it: a `cat-…` file in content/photos/cats/. nil for any other photo (the
  /// user's own, a breed photo, a URL), which is never removed.
  func photoCopy(of cat: Cat, in site: Loaded) -> PhotoFile? {
    guard case .string(let name)? = site.records[safe: cat.record]?["photoUrl"]?.value else { return nil }
    var resolver = PhotoResolver(photos: site.photos)
    guard case .success(let photo) = resolver.resolve(name), photo.relativePath.hasPrefix("cats/cat-") else {
      return nil
    }
    return photo
  }

  /// Removes `photo` when the site as it is now on disk, read as the build
  /// reads it, shows it on no page, and `fetch` did not download it (those
  /// SOURCES.json lists, and fetch alone removes). Returns the path messages
  /// name it by, or nil when it stays: used, fetched, or the site's files do
  /// not read cleanly enough to tell.
  func removeIfUnused(_ photo: PhotoFile) -> String? {
    let loader = SiteLoader(fileSystem: fileSystem, codec: codec)
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
    guard site.unusedPhotos.contains(photo.relativePath), !fetched.contains(photo.relativePath),
      fileSystem.staysWithin(photo.path, folder), (try? fileSystem.remove(photo.path)) != nil
    else { return nil }
    return photo.file
  }

  /// Runs `edit`; when it fails, removes content/photos/cats/ if the folder
  /// was not there before and is empty now (a copy made it, then was refused
  /// or dropped), so a refused edit leaves nothing behind.
  func tidyingPhotoFolder<Value>(_ edit: () async throws(Failure) -> Value) async throws(Failure) -> Value {
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
