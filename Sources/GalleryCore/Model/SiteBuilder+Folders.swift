import Foundation

/// A previewed folder as an album tree: the folder is the root album, each
/// subfolder that shows anything a child album, any depth.
extension SiteBuilder {
  /// The album of `folder` and everything below it, nil when it shows nothing
  /// (empty, every file left out, or hidden by `.nomedia`). `photos` are the
  /// readable photos by `Photo.id`; `live`, the Live Photo clip of each still
  /// that has one, by the still's id: the pair is the still's item, and the
  /// clip is none of its own. `siteOrder` is site.yml's `sort:`, for
  /// each album whose own index.md names none (never inherited from a parent's). Slugs are unique within an album across
  /// its items and child albums, given in name order (child albums first) so
  /// that `sort:` never changes an address.
  func folderAlbum(
    _ folder: FolderSource, slug: String, photos: [String: Photo], live: [String: Photo] = [:],
    siteOrder: MediaOrder? = nil, diagnostics: inout DiagnosticCollector
  ) -> Album? {
    guard !folder.nomedia else { return nil }
    let text = folder.index.map { AlbumText($0, diagnostics: &diagnostics) } ?? AlbumText()
    let order = text.order ?? siteOrder
    var owners: [String: String] = [:]
    var children: [(name: String, album: Album)] = []
    for child in folder.folders {
      // A streamed build gives each child album as built before, summed up.
      let built =
        summaries.map { $0[child.relativePath] }
        ?? folderAlbum(child, slug: "", photos: photos, live: live, siteOrder: siteOrder, diagnostics: &diagnostics)
      guard var album = built else { continue }
      album.slug = Self.address(child.name, file: child.file, owners: &owners, diagnostics: &diagnostics)
      children.append((child.name, album))
    }
    let files = MediaOrder.sort(
      folder.photos, MediaOrder(.name), defaultByDate: false, name: { Self.fileName($0.relativePath) },
      date: { _ in nil })
    let partners = Set(live.values.map(\.id))
    var items: [MediaItem] = []
    for file in files {
      guard let photo = photos[file.relativePath], !partners.contains(photo.id) else { continue }
      let name = Self.fileName(file.relativePath)
      let sidecar = folder.sidecars[name].map { ItemText($0, diagnostics: &diagnostics) } ?? ItemText()
      let slug = Self.address(name, file: photo.file, owners: &owners, diagnostics: &diagnostics)
      var item = item(photo, name: name, text: sidecar, slug: slug, diagnostics: &diagnostics)
      item.live = live[photo.id]
      items.append(item)
    }
    guard !items.isEmpty || !children.isEmpty else { return nil }

    var album = Album(title: text.title ?? PathBytes.display(folder.name), slug: slug)
    album.layout = .covers
    album.listed = !text.hidden
    album.zip = text.zip
    album.text = text.note
    album.pageOrigin = PageOrigin(
      name: "album \"\(folder.file)\"", location: SourceLocation(file: folder.index?.file ?? folder.file))
    album.items = MediaOrder.sort(
      items, order, defaultByDate: true, name: { Self.fileName($0.photo.id) },
      date: { MediaOrder.sortKey(taken: $0.photo.metadata.taken) })
    album.albums = MediaOrder.sort(
      children, order, defaultByDate: false, name: \.name, date: { Self.earliestTaken($0.album) }
    ).map(\.album)
    if let thumbnail = text.thumbnail {
      album.cover = cover(thumbnail, in: album, folder: folder, at: text.thumbnailLocation, diagnostics: &diagnostics)
    }
    return album
  }

  /// The slug of `name` (a file or folder, named `file` in messages) unique
  /// in its album (`owners`: each slug taken, and the name that took it),
  /// given in name order. A name that slugs as an earlier one does (`x.jpg`
  /// and `x.jpeg`, `IMG_1.JPG` and `img_1.jpg`, `my album` and `my_album`)
  /// gets `-2`, `-3`, and a note naming both, since its address is not the
  /// one its name suggests.
  static func address(
    _ name: String, file: String, owners: inout [String: String], diagnostics: inout DiagnosticCollector
  ) -> String {
    let plain = Slug.make(name)
    var slug = plain
    var counter = 2
    while owners[slug] != nil {
      slug = "\(plain)-\(counter)"
      counter += 1
    }
    if slug != plain, let owner = owners[plain] {
      diagnostics.list.append(
        .note(
          "its address is \"\(slug)\": \"\(owner)\" beside it has \"\(plain)\", as both names slug alike",
          at: SourceLocation(file: file)))
    }
    owners[slug] = name
    return slug
  }

  /// The item of `photo`: caption from its text file, else from the photo's
  /// own metadata, else its file name made readable; title from its text
  /// file, else from its metadata.
  private func item(
    _ photo: Photo, name: String, text: ItemText, slug: String, diagnostics: inout DiagnosticCollector
  ) -> MediaItem {
    var caption = Text.readable(fileName: name)
    var whole: String?
    if let written = text.caption {
      caption = diagnostics.limited(
        written, TextLimits.caption, what: "caption",
        at: text.captionLocation ?? SourceLocation(file: photo.file))
    } else if let embedded = photo.metadata.caption.map(Text.tidy), !embedded.isEmpty {
      // What a photo says about itself is never the user's error: a long
      // description is kept for its page and shortened everywhere else.
      (caption, whole) = diagnostics.shortened(embedded, at: SourceLocation(file: photo.file))
    }
    var item = MediaItem(photo: photo, caption: caption, slug: slug)
    item.wholeCaption = whole
    item.title = text.title ?? photo.metadata.title.map(Text.tidy).flatMap { $0.isEmpty ? nil : $0 }
    item.location = text.location
    item.richCaption = text.rich
    item.pageOrigin = PageOrigin(name: "photo \"\(photo.file)\"", location: SourceLocation(file: photo.file))
    return item
  }

  /// The item `thumbnail` names: a photo of the album by file name, or one
  /// below it by its path from the album's folder (a Live Photo's clip names
  /// its still's item). A name that finds none is
  /// a warning at `location`, and the album keeps its default cover.
  private func cover(
    _ thumbnail: String, in album: Album, folder: FolderSource, at location: SourceLocation?,
    diagnostics: inout DiagnosticCollector
  ) -> MediaItem? {
    let id = Path.join(folder.relativePath, thumbnail)
    let found = album.allAlbums.lazy.flatMap { $0.items + ($0.summary?.named ?? []) }
      .first { $0.photo.id == id || $0.live?.id == id }
    if found == nil {
      diagnostics.warning(
        "Thumbnail \"\(thumbnail)\" names no photo shown in \(folder.file)/; the album keeps its default cover",
        at: location ?? SourceLocation(file: folder.file))
    }
    return found
  }

  /// The earliest date taken below `album` (its sort key), nil when none has one.
  static func earliestTaken(_ album: Album) -> String? { album.earliestTaken }

  /// The photos (by id) that a folder's `index.md` names as its cover below
  /// its own folder (`Thumbnail: sub/IMG_1.jpg`): a folder built album by
  /// album keeps them in its summary for the album above (`Album.summarized`).
  package static func namedCovers(in tree: FolderSource) -> Set<String> {
    var named: Set<String> = []
    for folder in tree.allFolders {
      guard let index = folder.index else { continue }
      var ignored = DiagnosticCollector()
      if let thumbnail = AlbumText(index, diagnostics: &ignored).thumbnail, thumbnail.contains("/") {
        named.insert(Path.join(folder.relativePath, thumbnail))
      }
    }
    return named
  }

  static func fileName(_ path: String) -> String { Path.name(of: path) }

  /// The root album of a previewed folder, and the site's title and
  /// description taken from it: its title, and the first paragraph of its
  /// index.md's text when it has one (otherwise the preview's own wording
  /// stays, which never speaks of cats).
  /// Every photo the tree shows, and every Live Photo's clip, is marked used
  /// in `resolver`.
  func previewAlbum(
    _ folder: FolderSource, photos: [PhotoFile], site: inout Site, resolver: inout PhotoResolver,
    diagnostics: inout DiagnosticCollector
  ) {
    var byID: [String: Photo] = [:]
    for file in photos { if let photo = Photo(file) { byID[photo.id] = photo } }
    let live = resolver.liveClips.compactMapValues { Photo($0) }
    guard
      var root = folderAlbum(
        folder, slug: folder.relativePath.isEmpty ? site.config.sectionsPath : "", photos: byID, live: live,
        siteOrder: site.config.sort, diagnostics: &diagnostics)
    else { return }
    if summaries == nil { root.assignPaths(below: "") }
    site.albums.append(root)
    let shown = Set(root.allAlbums.flatMap { $0.items.flatMap { [$0.photo.id] + ($0.live.map { [$0.id] } ?? []) } })
    for file in photos where shown.contains(file.relativePath) { resolver.markUsed(file) }
    guard folder.index != nil, folder.relativePath.isEmpty else { return }
    site.config.title = root.title
    if let note = root.text {
      let paragraph = Markdown.plainText(note.markdown, firstParagraph: true)
      if !paragraph.isEmpty {
        site.config.description = diagnostics.limited(
          paragraph, TextLimits.description, what: "description", at: SourceLocation(file: note.file))
      }
    }
  }
}
