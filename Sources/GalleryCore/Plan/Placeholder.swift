/// A photo's loading placeholder: its mean colour, shown until the image
/// loads. The colour is known only once the Images stage has decoded the
/// photo, after planning, so the plan names the photo by content hash and the
/// Render stage supplies the colours it was given.
package struct Placeholder: Sendable, Hashable, Encodable {
  /// Shown for a photo not decoded yet (`preview` fills thumbnails in later).
  static let unknown = "#8884"

  /// The source photo's content hash.
  var photoHash: String

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode((encoder as? any PlaceholderColours)?.colours[photoHash] ?? Self.unknown)
  }
}

/// An encoder that knows the placeholder colours by photo content hash.
protocol PlaceholderColours {
  var colours: [String: String] { get }
}
