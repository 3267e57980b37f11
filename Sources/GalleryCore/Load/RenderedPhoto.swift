/// What decoding a photo found besides its derivatives; kept in the cache by
/// source hash, so a photo that is not decoded again still reports it.
public struct RenderedPhoto: Sendable, Hashable, Codable {
  /// The mean colour as a CSS hex string, shown while the photo loads.
  package var placeholder: String
  /// Damage the decoder read past (corrupt or truncated data): each one message
  /// for a warning on the photo.
  package var warnings: [String]
  /// Why the photo could not be decoded at all (`ImageError.isUndecodable`);
  /// nil for one that was made. Those bytes are not decoded again (but under
  /// `--force`), and a previewed folder leaves the photo out.
  package var failure: String?

  package init(placeholder: String, warnings: [String] = []) {
    self.placeholder = placeholder
    self.warnings = warnings
  }

  /// The record of a photo whose bytes cannot be decoded.
  package init(failure: String) {
    self.init(placeholder: "")
    self.failure = failure
  }
}
