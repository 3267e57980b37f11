import Foundation

/// What a header read tells about a photo without decoding its pixels.
public struct ImageHeader: Sendable, Hashable, Codable {
  /// Stored size, before EXIF orientation is applied.
  public var storedWidth: Int
  public var storedHeight: Int
  /// EXIF orientation 1–8.
  public var orientation: Int
  public var hasAlpha: Bool
  /// The decoder that recognised the file by its content: an `ImageFormat` raw
  /// value ("jpeg", "png", "webp", ...) from libvips.
  public var format: String

  public init(storedWidth: Int, storedHeight: Int, orientation: Int, hasAlpha: Bool, format: String) {
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    self.orientation = orientation
    self.hasAlpha = hasAlpha
    self.format = format
  }

  /// Orientations 5–8 swap width and height.
  public var width: Int { orientation >= 5 ? storedHeight : storedWidth }
  public var height: Int { orientation >= 5 ? storedWidth : storedHeight }
}

/// One file to write for a photo: a resized (maybe cropped) copy in one format.
public struct DerivativeSpec: Sendable, Hashable, Codable {
  public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg, webp, png, avif
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    public var mimeType: String { "image/\(rawValue)" }
    /// Best compression first; the last is the `<img>` fallback.
    static let preferred: [Format] = [.avif, .webp, .jpeg]
  }

  public var width: Int
  public var height: Int
  public var crop: Bool
  public var format: Format
  public var quality: Int

  public init(width: Int, height: Int, crop: Bool, format: Format, quality: Int) {
    self.width = width
    self.height = height
    self.crop = crop
    self.format = format
    self.quality = quality
  }

  /// The text that, with the source hash, names the output in the cache.
  public var key: String { "\(width)x\(height)\(crop ? "c" : "")-\(format.rawValue)-q\(quality)" }
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
  public var placeholder: String
  /// Damage the decoder read past (corrupt or truncated data): each one message
  /// for a warning on the photo.
  public var warnings: [String]

  public init(placeholder: String, warnings: [String] = []) {
    self.placeholder = placeholder
    self.warnings = warnings
  }
}

public struct ImageError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The EXIF fields a site may choose to show on photo pages (`images.exif` in site.yml).
public enum ExifField: String, Sendable, CaseIterable {
  case camera, lens, exposure, date

  public var label: String {
    switch self {
    case .camera: "Camera"
    case .lens: "Lens"
    case .exposure: "Exposure"
    case .date: "Taken"
    }
  }
}
