/// The one rule for how large a photo may be (`images.max_megapixels`),
/// shared by the build, the editor and `fetch`, so none of them accepts a
/// photo another refuses.
extension ImageHeader {
  /// Pixels decoded to show the image: every frame of an animation counts,
  /// as every frame is held in memory at once. Nil when a hostile header
  /// claims more than an `Int` holds.
  package var decodedPixels: Int? {
    let (frame, overflow) = width.multipliedReportingOverflow(by: height)
    let (all, overflowAll) = frame.multipliedReportingOverflow(by: frames)
    return overflow || overflowAll ? nil : all
  }

  /// Whether the image has at most `maxPixels` pixels, all frames together;
  /// never overflows, whatever size a hostile header claims.
  package func fits(maxPixels: Int) -> Bool {
    decodedPixels.map { $0 <= maxPixels } ?? false
  }

  /// `20000×10001, over the limit of 200 megapixels (images.max_megapixels in
  /// site.yml)`, or `500×500 in 1000 frames, …` for an animation: what a
  /// message about a photo that does not fit goes on with.
  package func overLimit(maxPixels: Int) -> String {
    let size = isAnimated ? "\(width)×\(height) in \(frames) frames" : "\(width)×\(height)"
    return "\(size), over the limit of \(maxPixels / 1_000_000) megapixels (images.max_megapixels in site.yml)"
  }
}
