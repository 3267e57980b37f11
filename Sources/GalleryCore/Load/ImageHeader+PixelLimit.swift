/// The one rule for how large a photo may be (`images.max_megapixels`),
/// shared by the build, the editor and `fetch`, so none of them accepts a
/// photo another refuses.
extension ImageHeader {
  /// Whether the image has at most `maxPixels` pixels; never overflows,
  /// whatever size a hostile header claims.
  package func fits(maxPixels: Int) -> Bool {
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    return !overflow && pixels <= maxPixels
  }

  /// `20000×10001, over the limit of 200 megapixels (images.max_megapixels in
  /// site.yml)`: what a message about a photo that does not fit goes on with.
  package func overLimit(maxPixels: Int) -> String {
    "\(width)×\(height), over the limit of \(maxPixels / 1_000_000) megapixels (images.max_megapixels in site.yml)"
  }
}
