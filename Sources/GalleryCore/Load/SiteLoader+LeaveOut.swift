extension SiteLoader {
  /// `photo`, with a problem when a previewed folder must leave it out
  /// although its header reads: its bytes are known not to decode (an
  /// earlier decode failed, `PhotoIndex.undecodable`), or it holds more
  /// pixels than `pixelLimit`, all frames of an animation together, which
  /// would take more memory than a photo may.
  func leavingOut(_ photo: PhotoFile) -> PhotoFile {
    guard photo.problem == nil else { return photo }
    var photo = photo
    if let reason = index.undecodable[photo.hash] {
      photo.problem = reason
    } else if let header = photo.header, !header.fits(maxPixels: pixelLimit) {
      photo.problem = "image is \(header.overLimit(maxPixels: pixelLimit))"
    }
    return photo
  }
}
