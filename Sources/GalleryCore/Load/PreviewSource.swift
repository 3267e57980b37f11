import Foundation

/// Turns any folder of photos into a site source with no plist to write:
/// subfolders become sections, each photo's embedded description (EXIF, XMP or
/// IPTC) or else its file name becomes its caption, in natural order
/// ("IMG_2" before "IMG_10"). Reads the folder; never writes to it.
package struct PreviewSource {
  package let loader: SiteLoader

  package init(fileSystem: FileSystem, codec: ImageCodec, index: PhotoIndex) {
    var loader = SiteLoader(fileSystem: fileSystem, codec: codec, index: index)
    loader.alwaysReadEXIF = true
    loader.leavesOut = true
    self.loader = loader
  }

  package func load(folder: String) -> SiteSource {
    let name = (folder as NSString).lastPathComponent
    var source = SiteSource()
    source.trustedNames = true
    // A previewed folder is anyone's: a photo that cannot be shown (a link out
    // of the folder, a damaged file) is left out with a warning, and the rest
    // of the gallery is shown.
    let photos = loader.loadPhotos(in: folder, label: name + "/", exif: true, diagnostics: &source.diagnostics)
    for photo in photos {
      if let problem = photo.problem {
        source.diagnostics.append(.warning("left out: \(problem)", at: SourceLocation(file: photo.file)))
      }
    }
    source.photos = photos.filter { $0.problem == nil }
    let location = SourceLocation(file: name)
    source.config = Node(
      .dictionary([
        ("title", Node(.string(name), at: location)),
        ("sections_title", Node(.string(name), at: location)),
        ("sections_path", Node(.string(Self.sectionsPath(for: name)), at: location)),
      ]), at: location)
    var sections: [String: [PhotoFile]] = [:]
    for photo in source.photos {
      let parts = photo.relativePath.split(separator: "/")
      let section = parts.count > 1 ? parts.dropLast().joined(separator: " / ") : name
      sections[section, default: []].append(photo)
    }
    let ordered = sections.keys.sorted { a, b in
      // The folder's own photos come first, then subfolders in natural order.
      if a == name || b == name { return a == name && b != name }
      return a.localizedStandardCompare(b) == .orderedAscending
    }
    let parks = ordered.map { title -> Node in
      let photos = (sections[title] ?? []).sorted {
        $0.relativePath.localizedStandardCompare($1.relativePath) == .orderedAscending
      }
      let items = photos.map { photo -> Node in
        Node(
          .dictionary([
            ("imageName", Node(.string(photo.relativePath), at: location)),
            ("caption", Node(.string(caption(for: photo)), at: location)),
          ]), at: SourceLocation(file: photo.file))
      }
      return Node(
        .dictionary([("name", Node(.string(title), at: location)), ("photos", Node(.array(items), at: location))]),
        at: location)
    }
    source.parks = Node(.array(parks), at: location)
    return source
  }

  /// The URL folder of a previewed folder's gallery: its name as a slug, or
  /// "photos" when that is empty or taken by another kind of page.
  static func sectionsPath(for name: String) -> String {
    let slug = Slug.make(name)
    return slug.isEmpty || SiteConfig.reservedPaths.contains(slug) ? "photos" : slug
  }

  /// The photo's embedded description (read by the loader), else its file name made readable.
  package func caption(for photo: PhotoFile) -> String {
    if let description = photo.exif?["description"], !description.isEmpty { return description }
    let file = (photo.relativePath as NSString).lastPathComponent
    let stem = (file as NSString).deletingPathExtension
    return Text.tidy(stem.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " "))
  }
}
