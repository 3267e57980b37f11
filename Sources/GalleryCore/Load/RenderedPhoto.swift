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
