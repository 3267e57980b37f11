/// Link previews: the photo each page shows where it is shared.
extension OutputPlanner {
  /// The preview image of `photo` (its share copy) with its caption as alt
  /// text; nil without a base URL, or for a photo that has none.
  func previewImage(_ photo: Photo?, caption: String?) -> LinkPreview.Image? {
    guard !site.config.baseURL.isEmpty, let photo, let share = images.jobs[id: photo.id]?.share else { return nil }
    return LinkPreview.Image(
      src: site.config.baseURL + "/images/" + share.fileName, type: share.spec.format.mimeType,
      width: share.spec.width, height: share.spec.height, alt: caption.flatMap { $0.isEmpty ? nil : $0 })
  }

  /// The photo that stands for a menu entry (its card's cover on the home
  /// page), with its caption: an album's cover, the first breed cover, the
  /// first cat's own photo, the first fact's background; nil for Saved.
  func cover(of section: MenuEntry) -> (photo: Photo, caption: String?)? {
    if let album = section.album { return album.coverItem.map { ($0.photo, $0.caption) } }
    switch section.kind {
    case .breeds:
      return site.breeds.lazy.compactMap(\.album.coverItem).first.map { ($0.photo, $0.caption) }
    case .cats:
      return site.cats.lazy.compactMap { cat -> (Photo, String?)? in
        if case .local(let item) = cat.picture { return (item.photo, cat.name) } else { return nil }
      }.first
    case .facts:
      return site.facts.first?.background.map { ($0, nil) }
    default:
      return nil
    }
  }

  /// The preview image of the list page of `kind`: its card's cover.
  func previewImage(ofList kind: PageKind) -> LinkPreview.Image? {
    sections.first { $0.kind == kind }.flatMap(cover(of:)).flatMap { previewImage($0.photo, caption: $0.caption) }
  }
}
