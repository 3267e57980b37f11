/// The image edge, the third beside `FileSystem` and `HTTPTransport`: header reads and
/// derivative encoding, by path (metadata has an edge of its own, `MetadataReader`). `VipsCodec` (libvips) in production; `FakeCodec` in
/// tests, which reads its text "photos" through a `FileSystem`, so in-memory sites need no
/// pixels. Callers pass only paths the disk edge vouched for: a photo `SiteBoundary.check`
/// resolved inside the site, a file just written or checked through `FileSystem`, and, to
/// write, a temporary name in the cache that `FileSystem` then moves into place.
public protocol ImageCodec: Sendable {
  func header(of path: String) throws(ImageError) -> ImageHeader
  /// Runs a planned render of `source`: decodes it once, shrunk on load to fit
  /// the run's decode size, then makes and saves exactly what the run says.
  /// Returns the loading placeholder and what the decoder said about damage.
  func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto
}
