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
