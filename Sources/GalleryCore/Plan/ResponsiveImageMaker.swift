/// Makes the `ResponsiveImage` of a photo from its image jobs: srcset, sizes
/// and the placeholder. nil for a photo with no derivatives.
package struct ResponsiveImageMaker: Sendable {
  package let jobs: ImageJobTable
  let formats: [DerivativeSpec.Format]

  package init(jobs: [ImageJob], config: SiteConfig) {
    self.jobs = ImageJobTable(jobs)
    self.formats = config.formats
  }

  /// Whether `display` makes an image of `photo`: an item's page, and its
  /// search entry, exist only then.
  func canDisplay(_ photo: Photo) -> Bool { jobs[id: photo.id]?.display.isEmpty == false }

  /// The display image, sized by `sizes` (CSS width the image takes on screen).
  func display(_ photo: Photo, alt: String, root: String, sizes: String, lazy: Bool) -> ResponsiveImage? {
    guard let job = jobs[id: photo.id], let fallback = job.display.last?.spec.format else { return nil }
    let byFormat = Dictionary(grouping: job.display, by: \.spec.format)
    let fallbackSet = byFormat[fallback] ?? []
    guard let middle = fallbackSet.first(where: { $0.spec.width >= 1280 }) ?? fallbackSet.last,
      let largest = fallbackSet.last
    else { return nil }
    let srcset = widthSet(fallbackSet, root: root)
    var image = ResponsiveImage(
      sources: sources(byFormat, fallback: fallback) { widthSet($0, root: root) },
      src: root + "images/" + middle.fileName, srcset: srcset,
      sizes: sizes, width: middle.spec.width, height: middle.spec.height, alt: alt, lazy: lazy,
      placeholder: Placeholder(photoHash: photo.hash),
      full: root + "images/" + largest.fileName, fullWidth: largest.spec.width,
      fullHeight: largest.spec.height, fullSrcset: srcset, name: Self.name(of: photo))
    image.priority = !lazy
    return image
  }

  /// The square grid thumbnail at 1x with a 2x density alternative.
  package func thumbnail(_ photo: Photo, alt: String, root: String, lazy: Bool) -> ResponsiveImage? {
    jobs[id: photo.id].flatMap { small($0.thumbnails, of: $0, alt: alt, root: root, lazy: lazy) }
  }

  /// The file of the smallest square (a list row's, else the thumbnail at
  /// 1x), without srcsets or sources: a search result shows it alone, 3rem wide.
  func thumbnailSource(_ photo: Photo, root: String) -> String? {
    guard let job = jobs[id: photo.id], let fallback = job.thumbnails.last?.spec.format, !job.display.isEmpty,
      let one = (job.rows + job.thumbnails).first(where: { $0.spec.format == fallback })
    else { return nil }
    return root + "images/" + one.fileName
  }

  /// A photo in an album's list or grid view: its justified grid's uncropped tile
  /// where the site draws one (`grid: justified`), else the squares, chosen by
  /// `sizes` (`ResponsiveImage.listSizes` or `gridSizes`).
  func gridImage(_ photo: Photo, alt: String, root: String, lazy: Bool, sizes: String) -> ResponsiveImage? {
    guard let job = jobs[id: photo.id] else { return nil }
    guard job.tiles.isEmpty else { return small(job.tiles, of: job, alt: alt, root: root, lazy: lazy) }
    guard var image = small(job.thumbnails, of: job, alt: alt, root: root, lazy: lazy),
      let fallback = job.thumbnails.last?.spec.format, !job.rows.isEmpty
    else { return thumbnail(photo, alt: alt, root: root, lazy: lazy) }
    // Widths, not densities: a 72 px list row at 2x takes the row's square, a
    // grid tile the thumbnail its width needs.
    let byFormat = Dictionary(grouping: job.rows + job.thumbnails, by: \.spec.format)
    let ascending = { (set: [Derivative]) in set.sorted { $0.spec.width < $1.spec.width } }
    image.srcset = widthSet(ascending(byFormat[fallback] ?? []), root: root)
    image.sources = sources(byFormat, fallback: fallback) { widthSet(ascending($0), root: root) }
    image.sizes = sizes
    return image
  }

  /// `set` (one size at 1x and 2x, in each format) as an image with a density
  /// srcset, carrying the largest display copies the lightbox opens (taken
  /// from the job, not from a whole display image: the planner makes
  /// thousands of these a build).
  private func small(
    _ set: [Derivative], of job: ImageJob, alt: String, root: String, lazy: Bool
  ) -> ResponsiveImage? {
    guard let fallback = set.last?.spec.format, let displayFormat = job.display.last?.spec.format else {
      return nil
    }
    let displaySet = job.display.filter { $0.spec.format == displayFormat }
    let byFormat = Dictionary(grouping: set, by: \.spec.format)
    guard let one = byFormat[fallback]?.first, let largest = displaySet.last else { return nil }
    let density = { (set: [Derivative]) -> String in
      set.enumerated().map { "\(root)images/\($1.fileName) \($0 + 1)x" }.joined(separator: ", ")
    }
    return ResponsiveImage(
      sources: sources(byFormat, fallback: fallback, srcset: density),
      src: root + "images/" + one.fileName, srcset: density(byFormat[fallback] ?? []),
      sizes: nil, width: one.spec.width, height: one.spec.height, alt: alt, lazy: lazy,
      placeholder: Placeholder(photoHash: job.photo.hash), full: root + "images/" + largest.fileName,
      fullWidth: largest.spec.width, fullHeight: largest.spec.height, fullSrcset: widthSet(displaySet, root: root),
      name: Self.name(of: job.photo))
  }

  /// The source file's name without its extension: a clip's for a clip's
  /// poster; bytes of it that are not UTF-8 shown as U+FFFD (`PathBytes`).
  static func name(of photo: Photo) -> String {
    // Sliced, not split: the planner asks for it once per picture of every page.
    let path = photo.path
    let start = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
    let file = start == path.endIndex ? Substring(photo.stem) : path[start...]
    guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return PathBytes.display(String(file)) }
    return PathBytes.display(String(file[..<dot]))
  }

  /// A photo shown large on a breed's or a cat's page, with the thumbnail the saved
  /// page shows when it is saved; nil for a photo with no derivatives.
  func pagePhoto(_ item: MediaItem, id: String, root: String, sizes: String, lazy: Bool) -> PagePhoto? {
    guard let picture = display(item.photo, alt: item.caption, root: root, sizes: sizes, lazy: lazy),
      let thumb = thumbnail(item.photo, alt: item.caption, root: root, lazy: true)
    else { return nil }
    return PagePhoto(
      id: id, caption: item.caption, picture: picture, thumb: thumb,
      live: item.live.flatMap { VideoView($0, root: root) })
  }

  private func widthSet(_ set: [Derivative], root: String) -> String {
    set.map { "\(root)images/\($0.fileName) \($0.spec.width)w" }.joined(separator: ", ")
  }

  /// One `<source>` per preferred format other than the `<img>` fallback.
  private func sources(
    _ byFormat: [DerivativeSpec.Format: [Derivative]], fallback: DerivativeSpec.Format,
    srcset: ([Derivative]) -> String
  ) -> [ResponsiveImage.Source] {
    formats.compactMap { format in
      guard format != fallback, let set = byFormat[format], !set.isEmpty else { return nil }
      return ResponsiveImage.Source(type: format.mimeType, srcset: srcset(set))
    }
  }
}
