/// parks.plist and categories.plist as albums: the parks are one album whose
/// child albums are shown as collapsible sections on its page, the
/// categories one whose child albums are cover cards. Everything after Model
/// renders these trees and never asks which file they came from.
extension SiteBuilder {
  /// The top-level albums of a site's data files, in menu order.
  func albums(parks sections: [Album], categories sorts: [Album], config: SiteConfig) -> [Album] {
    var albums: [Album] = []
    if !sections.isEmpty {
      var parks = Album(title: config.parksTitle, slug: config.sectionsPath)
      parks.layout = .sections
      parks.icon = "park"
      (parks.childNoun, parks.childNounPlural) =
        config.parksTitle == "Parks" ? ("park", "parks") : ("section", "sections")
      parks.captionsEditable = true
      parks.albums = sections
      albums.append(parks)
    }
    if !sorts.isEmpty {
      var categories = Album(title: "Categories", slug: "categories")
      (categories.childNoun, categories.childNounPlural) = ("category", "categories")
      categories.albums = sorts
      albums.append(categories)
    }
    for index in albums.indices { albums[index].assignPaths(below: "") }
    return albums
  }
}
