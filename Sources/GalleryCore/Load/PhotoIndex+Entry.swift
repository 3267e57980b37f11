import Foundation

/// An entry's JSON is the one it had before its probe was boxed (`Boxed` is
/// not Codable): the probe is left out when there is none, and an index saved
/// without one reads back.
extension PhotoIndex.Entry {
  private enum CodingKeys: String, CodingKey {
    case attributes, hash, header, metadata, probe
  }

  package init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      attributes: try container.decode(FileAttributes.self, forKey: .attributes),
      hash: try container.decode(String.self, forKey: .hash),
      header: try container.decode(ImageHeader.self, forKey: .header),
      metadata: try container.decode(RawMetadata.self, forKey: .metadata),
      probe: try container.decodeIfPresent(VideoProbe.self, forKey: .probe))
  }

  package func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(attributes, forKey: .attributes)
    try container.encode(hash, forKey: .hash)
    try container.encode(header, forKey: .header)
    try container.encode(metadata, forKey: .metadata)
    try container.encodeIfPresent(probe, forKey: .probe)
  }
}
