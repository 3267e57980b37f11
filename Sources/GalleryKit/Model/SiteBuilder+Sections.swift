/// Parks and categories: the two property lists of photo sections.
extension SiteBuilder {
  func parks(_ root: Node?, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector) -> [Park] {
    guard let root else { return [] }
    guard let items = root.array else {
      diagnostics.error("parks.plist must have an array of parks at its root", at: root)
      return []
    }
    var parks: [Park] = []
    var slugs: Set<String> = []
    for (index, item) in items.enumerated() {
      guard item.isDictionary else {
        diagnostics.error("park \(index + 1) must be a dictionary, found \(item.kindDescription)", at: item)
        continue
      }
      let reader = FieldReader(node: item, owner: "park \(index + 1)")
      guard let name = reader.string("name", required: true, limit: TextLimits.name, &diagnostics) else { continue }
      let owner = "park \"\(name)\""
      var photos: [PlacedPhoto] = []
      var photoSlugs: Set<String> = []
      let list = item["photos"]
      if list == nil { diagnostics.error("\(owner) has no \"photos\"", at: item) }
      if let list, list.array == nil {
        diagnostics.error("\"photos\" of \(owner) must be an array, found \(list.kindDescription)", at: list)
      }
      for (photoIndex, photoNode) in (list?.array ?? []).enumerated() {
        let photoOwner = "photo \(photoIndex + 1) of \(owner)"
        guard photoNode.isDictionary else {
          diagnostics.error("\(photoOwner) must be a dictionary, found \(photoNode.kindDescription)", at: photoNode)
          continue
        }
        let photoReader = FieldReader(node: photoNode, owner: photoOwner)
        let imageName = photoReader.string("imageName", limit: TextLimits.name, &diagnostics)
        let caption = photoReader.string("caption", limit: TextLimits.caption, &diagnostics)
        if imageName == nil { diagnostics.error("\(photoOwner) has no imageName", at: photoNode) }
        if caption == nil { diagnostics.error("\(photoOwner) has no caption", at: photoNode) }
        guard let imageName else { continue }
        // Resolved even without a caption, so a missing file is reported too.
        let placed = place(
          imageName, caption: Text.tidy(caption ?? ""), owner: photoOwner,
          node: photoNode["imageName"] ?? photoNode, taken: &photoSlugs, resolver: &resolver,
          diagnostics: &diagnostics)
        if let placed, caption != nil { photos.append(placed) }
      }
      parks.append(Park(name: name, slug: Slug.unique(name, taken: &slugs), photos: photos))
    }
    return parks
  }

  func categories(_ root: Node?, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector)
    -> [Category]
  {
    guard let root else { return [] }
    guard let items = root.array else {
      diagnostics.error("categories.plist must have an array of categories at its root", at: root)
      return []
    }
    var categories: [Category] = []
    var slugs: Set<String> = []
    for (index, item) in items.enumerated() {
      guard item.isDictionary else {
        diagnostics.error("category \(index + 1) must be a dictionary, found \(item.kindDescription)", at: item)
        continue
      }
      let reader = FieldReader(node: item, owner: "category \(index + 1)")
      guard let title = reader.string("CategoryTitle", required: true, limit: TextLimits.name, &diagnostics) else {
        continue
      }
      let owner = "category \"\(title)\""
      let named = FieldReader(node: item, owner: owner)
      let description = named.string("CategoryDescription", limit: TextLimits.description, &diagnostics)
      if item["ImageNames"] == nil { diagnostics.error("\(owner) has no \"ImageNames\"", at: item) }
      var photos: [PlacedPhoto] = []
      var photoSlugs: Set<String> = []
      for (photoIndex, nameNode) in (item["ImageNames"]?.array ?? []).enumerated() {
        guard case .string(let fullName) = nameNode.value, !fullName.isEmpty else {
          diagnostics.error("image \(photoIndex + 1) of \(owner) must be a non-empty string", at: nameNode)
          continue
        }
        let name = diagnostics.limited(
          fullName, TextLimits.name, what: "image \(photoIndex + 1) of \(owner)", at: nameNode.location)
        if let placed = place(
          name, caption: "\(title), photo \(photoIndex + 1) of \(item["ImageNames"]?.array?.count ?? 0)", owner: owner,
          node: nameNode,
          taken: &photoSlugs, resolver: &resolver, diagnostics: &diagnostics)
        {
          photos.append(placed)
        }
      }
      _ = named.strings("ImageNames", &diagnostics)
      categories.append(
        Category(
          title: title, slug: Slug.unique(title, taken: &slugs),
          description: description.map(Text.tidy), photos: photos))
    }
    return categories
  }
}
