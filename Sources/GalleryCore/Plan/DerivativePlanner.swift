import Crypto
import Foundation

/// Plan stage for images: which derivatives each photo needs, and how they are made. Pure.
enum DerivativePlanner {
  /// Bumped whenever the processing changes, so every cached derivative is remade.
  static let pipelineVersion = "5"

  /// The width of the copy link previews show: what Facebook, LinkedIn and
  /// X ask for in a large card (1200×630 at most aspect ratios they crop to).
  static let shareWidth = 1200

  static func plan(_ site: Site) -> [ImageJob] {
    let shared = SharedPhotos.ids(in: site)
    return site.photos.keys.sorted().compactMap { id in
      site.photos[id].map { job(for: $0, config: site.config, share: shared.contains(id)) }
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
        return derivative(
          photo,
          DerivativeSpec(
            width: target, height: scaledHeight, crop: false, format: format, quality: config.quality,
            animated: photo.isAnimated))
      }
    }
    let shortest = min(width, height)
    var edges = [config.thumbnail, config.thumbnail * 2].map { min($0, shortest) }
    if edges[0] == edges[1] { edges.removeLast() }
    let thumbnails = edges.flatMap { edge in
      formats.map { format in
        derivative(
          photo, DerivativeSpec(width: edge, height: edge, crop: true, format: format, quality: config.quality))
      }
    }
    let shared = share ? shareCopy(of: photo, display: display, config: config) : nil
    // Thumbnails are a still of the first frame, in the usual formats.
    let chain = ResizeChain(
      specs: (display + thumbnails).map(\.spec), width: width, height: height, frames: photo.header.frames,
      leaves: shared.map { [$0.spec] } ?? [])
    return ImageJob(photo: photo, display: display, thumbnails: thumbnails, chain: chain, share: shared)
  }

  /// One still JPEG `shareWidth` wide (never enlarged): link-preview crawlers
  /// read JPEG everywhere, WebP and AVIF not; a photo with alpha keeps it in
  /// PNG. A display copy of the same spec is that copy.
  static func shareCopy(of photo: Photo, display: [Derivative], config: SiteConfig) -> Derivative {
    let width = min(shareWidth, photo.header.width)
    let height = max(1, Int((Double(photo.header.height) * Double(width) / Double(photo.header.width)).rounded()))
    let spec = DerivativeSpec(
      width: width, height: height, crop: false, format: photo.header.hasAlpha ? .png : .jpeg,
      quality: config.quality)
    return display.first { $0.spec == spec } ?? derivative(photo, spec)
  }

  /// PNG sources with alpha keep it: their fallback is PNG rather than JPEG.
  static func formats(for photo: Photo, config: SiteConfig) -> [DerivativeSpec.Format] {
    guard photo.header.hasAlpha else { return config.formats }
    return config.formats.map { $0 == .jpeg ? .png : $0 }
  }

  static func derivative(_ photo: Photo, _ spec: DerivativeSpec) -> Derivative {
    let material = "\(photo.hash)|\(spec.key)|\(pipelineVersion)"
    let digest = SHA256.hash(data: Data(material.utf8)).prefix(DerivativeName.hashLength / 2).hex
    return Derivative(
      spec: spec, fileName: DerivativeName.make(stem: photo.stem, spec: spec, hash: digest), hash: digest)
  }
}
