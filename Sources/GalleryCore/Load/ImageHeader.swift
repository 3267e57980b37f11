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
