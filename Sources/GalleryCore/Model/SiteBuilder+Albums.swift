/// parks.plist and categories.plist as albums: the parks are one album whose
/// child albums are shown as collapsible sections on its page, the
/// categories one whose child albums are cover cards. Everything after Model
/// renders these trees and never asks which file they came from.
extension SiteBuilder {
  /// The top-level albums of a site's data files, in menu order.
  func albums(of site: Site) -> [Album] {
    var albums: [Album] = []
    if !site.parks.isEmpty {
      var parks = Album(title: site.config.parksTitle, slug: site.config.sectionsPath)
      parks.layout = .sections
      parks.icon = "park"
      (parks.childNoun, parks.childNounPlural) =
        site.config.parksTitle == "Parks" ? ("park", "parks") : ("section", "sections")
      parks.captionsEditable = true
      parks.albums = site.parks.map { park in
        var album = Album(title: park.name, slug: park.slug)
        album.items = park.photos.map(MediaItem.init)
        album.pageOrigin = park.pageOrigin
        return album
      }
      albums.append(parks)
    }
    if !site.categories.isEmpty {
      var categories = Album(title: "Categories", slug: "categories")
      (categories.childNoun, categories.childNounPlural) = ("category", "categories")
      categories.albums = site.categories.map { category in
        var album = Album(title: category.title, slug: category.slug)
        album.subtitle = category.description
        album.items = category.photos.map(MediaItem.init)
        album.pageOrigin = category.pageOrigin
        return album
      }
      albums.append(categories)
    }
    for index in albums.indices { albums[index].assignPaths(below: "") }
    return albums
  }
}

extension MediaItem {
  /// A photo a data file placed, with the caption and slug it gave it.
  init(_ placed: PlacedPhoto) {
    self.init(photo: placed.photo, caption: placed.caption, slug: placed.slug)
    pageOrigin = placed.pageOrigin
  }
}
