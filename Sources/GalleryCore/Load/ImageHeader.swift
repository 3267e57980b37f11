/// What a header read tells about a photo without decoding its pixels.
public struct ImageHeader: Sendable, Hashable, Codable {
  /// Stored size, before EXIF orientation is applied; of one frame.
  package var storedWidth: Int
  package var storedHeight: Int
  /// EXIF orientation 1–8. Always 1 for HEIF and AVIF: their own `irot` and
  /// `imir` boxes turn the picture, which libheif applies as it decodes (the
  /// stored size is already the turned one), and an EXIF Orientation beside
  /// them is ignored, as Apple Photos and browsers ignore it; applying both
  /// would turn an iPhone's HEIC, which carries both, twice.
  package var orientation: Int
  package var hasAlpha: Bool
  /// The decoder that recognised the file by its content: an `ImageFormat` raw
  /// value ("jpeg", "png", "webp", ...) from libvips.
  package var format: String
  /// Frames of an animation (libvips' `n-pages` of a GIF or WebP); 1 for a
  /// still image, and for the pages of a TIFF or HEIF, which are no animation.
  package var frames: Int

  package init(
    storedWidth: Int, storedHeight: Int, orientation: Int, hasAlpha: Bool, format: String, frames: Int = 1
  ) {
    self.storedWidth = storedWidth
    self.storedHeight = storedHeight
    self.orientation = orientation
    self.hasAlpha = hasAlpha
    self.format = format
    self.frames = max(1, frames)
  }

  /// Orientations 5–8 swap width and height.
  package var width: Int { orientation >= 5 ? storedHeight : storedWidth }
  package var height: Int { orientation >= 5 ? storedWidth : storedHeight }

  /// An animated GIF or WebP: shown moving, and decoded frame by frame.
  package var isAnimated: Bool { frames > 1 }
}
