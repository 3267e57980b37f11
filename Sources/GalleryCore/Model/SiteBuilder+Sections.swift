/// Parks and categories: the two property lists of photo sections, each
/// section an album of the photos it names.
extension SiteBuilder {
  package func parks(_ root: Node?, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector) -> [Album] {
    var slugs: Set<String> = []
    return RecordReader.records(
      in: root, file: "parks.plist", noun: "park", plural: "parks", diagnostics: &diagnostics
    ) { fields, _, diagnostics -> Album? in
      guard let name = fields.string("name", required: true, limit: TextLimits.name, &diagnostics) else { return nil }
      var park = Album(title: name, slug: Slug.name(name, taken: &slugs, madeNames: resolver.allowsPaths))
      park.items = parkPhotos(fields.renamed("park \"\(name)\""), resolver: &resolver, diagnostics: &diagnostics)
      park.pageOrigin = PageOrigin(name: "park \"\(name)\"", location: fields.location(of: "name"))
      return park
    }
  }

  /// A park's `photos`: each names an image and gives its caption.
  private func parkPhotos(
    _ park: FieldReader, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector
  ) -> [MediaItem] {
    let list = park.node["photos"]
    if list == nil { diagnostics.error("\(park.owner) has no \"photos\"", at: park.node) }
    if let list, list.array == nil {
      diagnostics.error("\"photos\" of \(park.owner) must be an array, found \(list.kindDescription)", at: list)
    }
    var slugs: Set<String> = []
    return RecordReader.records(
      list?.array ?? [], container: "a dictionary", owner: { "photo \($0) of \(park.owner)" },
      diagnostics: &diagnostics
    ) { photo, _, diagnostics -> MediaItem? in
      let imageName = photo.string("imageName", limit: TextLimits.name, &diagnostics)
      let caption = photo.string("caption", limit: TextLimits.caption, &diagnostics)
      if imageName == nil { diagnostics.error("\(photo.owner) has no imageName", at: photo.node) }
      if caption == nil { diagnostics.error("\(photo.owner) has no caption", at: photo.node) }
      guard let imageName else { return nil }
      // Resolved even without a caption, so a missing file is reported too.
      let placed = place(
        imageName, caption: Text.tidy(caption ?? ""), owner: photo.owner, node: photo.node["imageName"] ?? photo.node,
        taken: &slugs, resolver: &resolver, diagnostics: &diagnostics)
      return caption == nil ? nil : placed
    }
  }

  package func categories(_ root: Node?, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector)
    -> [Album]
  {
    var slugs: Set<String> = []
    return RecordReader.records(
      in: root, file: "categories.plist", noun: "category", plural: "categories", diagnostics: &diagnostics
    ) { fields, _, diagnostics -> Album? in
      guard let title = fields.string("CategoryTitle", required: true, limit: TextLimits.name, &diagnostics) else {
        return nil
      }
      let named = fields.renamed("category \"\(title)\"")
      let description = named.string("CategoryDescription", limit: TextLimits.description, &diagnostics)
      var category = Album(title: title, slug: Slug.name(title, taken: &slugs, madeNames: resolver.allowsPaths))
      category.items = categoryPhotos(named, title: title, resolver: &resolver, diagnostics: &diagnostics)
      category.subtitle = description.map(Text.tidy)
      category.pageOrigin = PageOrigin(name: named.owner, location: fields.location(of: "CategoryTitle"))
      return category
    }
  }

  /// The photos a category's `ImageNames` name, captioned "Kittens, photo 2 of 5".
  private func categoryPhotos(
    _ category: FieldReader, title: String, resolver: inout PhotoResolver, diagnostics: inout DiagnosticCollector
  ) -> [MediaItem] {
    let owner = category.owner
    let names = category.node["ImageNames"]
    if names == nil { diagnostics.error("\(owner) has no \"ImageNames\"", at: category.node) }
    let items = names?.array ?? []
    var photos: [MediaItem] = []
    var slugs: Set<String> = []
    for (index, nameNode) in items.enumerated() {
      guard case .string(let fullName) = nameNode.value, !fullName.isEmpty else {
        diagnostics.error("image \(index + 1) of \(owner) must be a non-empty string", at: nameNode)
        continue
      }
      let name = diagnostics.limited(
        fullName, TextLimits.name, what: "image \(index + 1) of \(owner)", at: nameNode.location)
      if let placed = place(
        name, caption: "\(title), photo \(index + 1) of \(items.count)", owner: owner,
        page: "image \(index + 1) of \(owner)", node: nameNode,
        taken: &slugs, resolver: &resolver, diagnostics: &diagnostics)
      {
        photos.append(placed)
      }
    }
    // Reports an ImageNames that is not an array, which the loop above took as empty.
    _ = category.strings("ImageNames", &diagnostics)
    return photos
  }
}
