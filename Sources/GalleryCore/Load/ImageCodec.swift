import Foundation

/// What a header read tells about a photo without decoding its pixels.
public struct ImageHeader: Sendable, Hashable, Codable {
  /// Stored size, before EXIF orientation is applied.
  package var storedWidth: Int
  package var storedHeight: Int
  /// EXIF orientation 1–8.
  package var orientation: Int
  package var hasAlpha: Bool
  /// The decoder that recognised the file by its content: an `ImageFormat` raw
  /// value ("jpeg", "png", "webp", ...) from libvips.
  package var format: String

  package init(storedWidth: Int, storedHeight: Int, orientation: Int, hasAlpha: Bool, format: String) {
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    self.orientation = orientation
    self.hasAlpha = hasAlpha
    self.format = format
  }

  /// Orientations 5–8 swap width and height.
  package var width: Int { orientation >= 5 ? storedHeight : storedWidth }
  package var height: Int { orientation >= 5 ? storedWidth : storedHeight }
}

/// One file to write for a photo: a resized (maybe cropped) copy in one format.
package struct DerivativeSpec: Sendable, Hashable, Codable {
  package enum Format: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg, webp, png, avif
    var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    var mimeType: String { "image/\(rawValue)" }
    /// Best compression first; the last is the `<img>` fallback.
    static let preferred: [Format] = [.avif, .webp, .jpeg]
  }

  package var width: Int
  package var height: Int
  package var crop: Bool
  package var format: Format
  package var quality: Int

  package init(width: Int, height: Int, crop: Bool, format: Format, quality: Int) {
    self.width = width
    self.height = height
    self.crop = crop
    self.format = format
    self.quality = quality
  }

  /// The text that, with the source hash, names the output in the cache.
  package var key: String { "\(width)x\(height)\(crop ? "c" : "")-\(format.rawValue)-q\(quality)" }
}

/// The image edge: header reads and derivative encoding. libvips in production,
/// a fake in tests that need no pixels.
public protocol ImageCodec: Sendable {
  func header(of path: String) throws(ImageError) -> ImageHeader
  /// Camera, lens, exposure and date fields, by `ExifField` raw value.
  func exif(of path: String) -> [String: String]
  /// Runs a planned render of `source`: decodes it once, shrunk on load to fit
  /// the run's decode size, then makes and saves exactly what the run says.
  /// Returns the loading placeholder and what the decoder said about damage.
  func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto
}

/// What decoding a photo found besides its derivatives; kept in the cache by
/// source hash, so a photo that is not decoded again still reports it.
public struct RenderedPhoto: Sendable, Hashable, Codable {
  /// The mean colour as a CSS hex string, shown while the photo loads.
  package var placeholder: String
  /// Damage the decoder read past (corrupt or truncated data): each one message
  /// for a warning on the photo.
  package var warnings: [String]

  package init(placeholder: String, warnings: [String] = []) {
    self.placeholder = placeholder
    self.warnings = warnings
  }
}

public struct ImageError: Error, Sendable, CustomStringConvertible {
  public var message: String
  package init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The EXIF fields a site may choose to show on photo pages (`images.exif` in site.yml).
package enum ExifField: String, Sendable, CaseIterable {
  case camera, lens, exposure, date

  package var label: String {
    switch self {
    case .camera: "Camera"
    case .lens: "Lens"
    case .exposure: "Exposure"
    case .date: "Taken"
    }
  }
}
