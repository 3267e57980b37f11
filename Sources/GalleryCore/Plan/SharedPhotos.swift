/// The photos a link preview may show (`og:image`), which get a 1200 px copy:
/// every album item, whose page shows it; each breed's first photo; each cat's
/// own photo; each fact's background. The list pages and the home page show
/// one of these too. None without a `base_url`: crawlers read only absolute
/// URLs, so no page names a preview image then.
enum SharedPhotos {
  /// The ids (`Photo.id`) of those photos in `site`.
  static func ids(in site: Site) -> Set<String> {
    guard !site.config.baseURL.isEmpty else { return [] }
    var ids = Set(site.albums.flatMap(\.allAlbums).flatMap(\.items).map(\.photo.id))
    for breed in site.breeds {
      if let cover = breed.album.coverItem { ids.insert(cover.photo.id) }
    }
    for cat in site.cats {
      if case .local(let item) = cat.picture { ids.insert(item.photo.id) }
    }
    for fact in site.facts {
      if let background = fact.background { ids.insert(background.id) }
    }
    return ids
  }
}
