/// One file to write for a photo: a resized (maybe cropped) copy in one format.
package struct DerivativeSpec: Sendable, Hashable, Codable {
  package enum Format: String, Sendable, Hashable, Codable, CaseIterable {
    /// `mp4` is a clip's web video, which ffmpeg makes (`VideoJob`), never the image codec.
    case jpeg, webp, png, avif, mp4
    var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    var mimeType: String { self == .mp4 ? "video/mp4" : "image/\(rawValue)" }
    /// Best compression first; the last is the `<img>` fallback.
    static let preferred: [Format] = [.avif, .webp, .jpeg]
  }

  package var width: Int
  package var height: Int
  package var crop: Bool
  package var format: Format
  package var quality: Int
  /// Every frame of an animated source, with its delays and loop count (an
  /// animated WebP); false for a still, and for the first-frame poster.
  package var animated: Bool
  /// How hard the WebP encoder searches for a smaller file at the same
  /// quality, 0 (fastest) to 6; other formats have no such setting.
  package var effort: Int

  /// WebP effort 2 encodes about 2.5 times as fast as libwebp's default 4
  /// for about 3% more bytes.
  package static let standardEffort = 2

  package init(
    width: Int, height: Int, crop: Bool, format: Format, quality: Int, animated: Bool = false,
    effort: Int = standardEffort
  ) {
    self.width = width
    self.height = height
    self.crop = crop
    self.format = format
    self.quality = quality
    self.animated = animated
    self.effort = effort
  }

  /// The text that, with the source hash, names the output in the cache. An
  /// animation's differs from the still a GIF used to become, so its new
  /// derivatives get new names; so does a WebP's at other than the standard
  /// effort (the same look, other bytes).
  package var key: String {
    let effort = format == .webp && effort != Self.standardEffort ? "-e\(effort)" : ""
    return "\(width)x\(height)\(crop ? "c" : "")-\(format.rawValue)-q\(quality)\(animated ? "-anim" : "")\(effort)"
  }
}
