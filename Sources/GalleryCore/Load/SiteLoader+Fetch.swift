/// What `fetch` reads of a site before it asks the network anything.
extension SiteLoader {
  /// site.yml, breeds.json (cats are checked against it when breeds are not
  /// fetched), cats.json, the photo manifest, and the names of the photos, which are
  /// listed but not read: a cat may name a local photo.
  package func loadForFetch(root: String) -> SiteSource {
    var source = SiteSource()
    let boundary = SiteBoundary(fileSystem: fileSystem, root: root)
    if let problem = boundary.firstRefused(["content", "content/photos"], in: root) {
      source.diagnostics.append(problem)
      return source
    }
    source.config = readConfig(root: root, boundary: boundary, into: &source)
    source.breeds = read(
      "content/breeds.json", in: root, limit: TextLimits.dataFileBytes, boundary: boundary, into: &source,
      parse: JSONReader.parse)
    // Its records without a restdb `_id` are the user's own, which a first
    // fetch of the collection would drop. A cats.json that cannot be read
    // stops no fetch (the collection may be what mends it): it is nil here.
    var scratch = SiteSource()
    source.cats = read(
      "content/cats.json", in: root, limit: TextLimits.dataFileBytes, boundary: boundary, into: &scratch,
      parse: JSONReader.parse)
    source.manifest = read(
      PhotoManifest.file, in: root, limit: TextLimits.dataFileBytes, boundary: boundary, into: &source,
      parse: JSONReader.parse)
    let photos = Path.join(root, "content/photos")
    source.photos = walk(photos, label: "content/photos/").files.map { relative in
      PhotoFile(
        relativePath: relative, file: "content/photos/" + relative, path: Path.join(photos, relative), hash: "",
        header: nil, problem: nil)
    }
    return source
  }
}
