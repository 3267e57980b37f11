import Crypto
import Foundation

/// Plan stage for images: which derivatives each photo needs, and how they are made. Pure.
package enum DerivativePlanner {
  /// Bumped whenever the processing changes, so every cached derivative is remade.
  static let pipelineVersion = "6"

  /// The width of the copy link previews show: what Facebook, LinkedIn and
  /// X ask for in a large card (1200×630 at most aspect ratios they crop to).
  static let shareWidth = 1200

  /// The edge of the square a list row and a search result show: 4.5rem (and
  /// 3rem) at 2x, or 3rem at 3x. Made when the thumbnail is larger.
  static let rowEdge = 144

  static func plan(_ site: Site) -> [ImageJob] {
    let shared = SharedPhotos.ids(in: site)
    return plan(site.photos.keys.sorted().compactMap { site.photos[$0] }, config: site.config) {
      shared.contains($0.id)
    }
  }

  /// The jobs of `photos`, in order; `share` says which get a link-preview copy.
  package static func plan(_ photos: [Photo], config: SiteConfig, share: (Photo) -> Bool) -> [ImageJob] {
    // Photos of one shape (a camera's 6000×4000, say) plan equal chains: every
    // job holds the first one's steps, so the plan keeps one array per shape
    // rather than one per photo (issue 24: 5 MB at 20,000 photos).
    var chains: Set<ResizeChain> = []
    return photos.map { photo in
      var job = job(for: photo, config: config, share: share(photo))
      job.chain = chains.insert(job.chain).memberAfterInsert
      return job
    }
  }

  /// With `share`, the job also makes the photo's link-preview copy.
  static func job(for photo: Photo, config: SiteConfig, share: Bool = false) -> ImageJob {
    let width = photo.header.width
    let height = photo.header.height
    // Never enlarge: widths above the source collapse into the source width.
    var widths = config.widths.filter { $0 < width }
    if widths.count < config.widths.count { widths.append(width) }
    let formats = formats(for: photo, config: config)
    // An animation's large sizes are animated WebP alone, which every current
    // browser shows; JPEG and PNG hold no animation, AVIF's libvips does not write.
    let displayFormats = photo.isAnimated ? [.webp] : formats
    let display = widths.flatMap { target in
      displayFormats.map { format in
        let scaledHeight = max(1, Int((Double(height) * Double(target) / Double(width)).rounded()))
        return DerivativeSpec(
          width: target, height: scaledHeight, crop: false, format: format, quality: config.quality,
          animated: photo.isAnimated, effort: config.webpEffort)
      }
    }
    let shortest = min(width, height)
    var edges = [config.thumbnail, config.thumbnail * 2].map { min($0, shortest) }
    if edges[0] == edges[1] { edges.removeLast() }
    let thumbnails = edges.flatMap { edge in
      formats.map { format in
        DerivativeSpec(
          width: edge, height: edge, crop: true, format: format, quality: config.quality, effort: config.webpEffort)
      }
    }
    // A list row's square (4.5rem) at 2x: a phone's list of 72 px rows would
    // otherwise fetch the grid's 2x copies, 480 px each.
    let rows =
      rowEdge < edges[0]
      ? formats.map { format in
        DerivativeSpec(
          width: rowEdge, height: rowEdge, crop: true, format: format, quality: config.quality,
          effort: config.webpEffort)
      } : []
    let shared = share ? shareSpec(of: photo, config: config) : nil
    let tiles = config.grid == .justified ? tileSpecs(of: photo, config: config, formats: formats) : []
    // Tiles are leaves like the share copy: the ladder and the squares are the
    // same bytes whichever grid a site draws.
    var leaves = tiles.filter { !display.contains($0) }
    if let shared, !leaves.contains(shared) { leaves.append(shared) }
    // Thumbnails are a still of the first frame, in the usual formats.
    let chain = ResizeChain(
      specs: display + thumbnails + rows, width: width, height: height, frames: photo.header.frames,
      jpeg: photo.header.format == ImageFormat.jpeg.rawValue, leaves: leaves)
    // A share copy wider than the ladder's widths decodes larger, which changes
    // every other copy's bytes: their names say so, so a photo that comes to
    // stand for a page (or stops) never keeps the copies of the other decode.
    let ladder = ResizeChain.decodeSize(specs: display + thumbnails + rows, width: width, height: height)
    let raised = ladder != (chain.decodeWidth, chain.decodeHeight) ? (chain.decodeWidth, chain.decodeHeight) : nil
    let named = { (spec: DerivativeSpec) in
      derivative(photo, spec, loadShrink: chain.loadShrink, decode: raised)
    }
    return ImageJob(
      photo: photo, display: display.map(named), thumbnails: thumbnails.map(named), rows: rows.map(named),
      tiles: tiles.map(named), chain: chain, share: shared.map(named))
  }

  /// The justified grid's copies: the whole photo `thumbnail` pixels high and
  /// twice that (never enlarged), as stills in the thumbnails' formats.
  static func tileSpecs(
    of photo: Photo, config: SiteConfig, formats: [DerivativeSpec.Format]
  ) -> [DerivativeSpec] {
    let (width, height) = (photo.header.width, photo.header.height)
    var heights = [config.thumbnail, config.thumbnail * 2].map { min($0, height) }
    if heights[0] == heights[1] { heights.removeLast() }
    return heights.flatMap { tall in
      let wide = max(1, Int((Double(width) * Double(tall) / Double(height)).rounded()))
      return formats.map { format in
        DerivativeSpec(
          width: wide, height: tall, crop: false, format: format, quality: config.quality, effort: config.webpEffort)
      }
    }
  }

  /// One still JPEG `shareWidth` wide (never enlarged): link-preview crawlers
  /// read JPEG everywhere, WebP and AVIF not; a photo with alpha keeps it in
  /// PNG. A display copy of the same spec is that copy (the chain makes it once).
  static func shareSpec(of photo: Photo, config: SiteConfig) -> DerivativeSpec {
    let width = min(shareWidth, photo.header.width)
    let height = max(1, Int((Double(photo.header.height) * Double(width) / Double(photo.header.width)).rounded()))
    return DerivativeSpec(
      width: width, height: height, crop: false, format: photo.header.hasAlpha ? .png : .jpeg,
      quality: config.quality, effort: config.webpEffort)
  }

  /// PNG sources with alpha keep it: their fallback is PNG rather than JPEG.
  static func formats(for photo: Photo, config: SiteConfig) -> [DerivativeSpec.Format] {
    guard photo.header.hasAlpha else { return config.formats }
    return config.formats.map { $0 == .jpeg ? .png : $0 }
  }

  /// `loadShrink` is the chain's: a JPEG scaled down as it decodes gives other
  /// bytes than one decoded whole, so it is named apart; a photo decoded whole
  /// keeps the names it had before JPEGs were scaled so. `decode` is given
  /// only when a leaf made the decode larger than the specs alone need.
  static func derivative(
    _ photo: Photo, _ spec: DerivativeSpec, loadShrink: Int = 1, decode: (width: Int, height: Int)? = nil
  ) -> Derivative {
    let shrink = loadShrink > 1 ? "|jpeg/\(loadShrink)" : ""
    let size = decode.map { "|from/\($0.width)x\($0.height)" } ?? ""
    let material = "\(photo.hash)|\(spec.key)|\(pipelineVersion)\(shrink)\(size)"
    let digest = SHA256.hash(data: Data(material.utf8)).prefix(DerivativeName.hashLength / 2).hex
    return Derivative(spec: spec, stem: photo.stem, hash: digest)
  }
}
