/// The metadata edge, beside `ImageCodec`: reads the tags a photo's EXIF, IPTC
/// and XMP hold, as raw values, by path. `Exiv2Reader` (exiv2 through gexiv2)
/// in production; `FakeMetadataReader` in tests. It only fetches: which tags to
/// read and what their values mean is `MetadataInterpreter`'s business, so the
/// reader holds no rules and the rules are tested without files.
public protocol MetadataReader: Sendable {
  /// The values of `tags` in the file at `path`; a tag the file lacks is
  /// absent. A file the library cannot read (not an image it knows, damaged)
  /// has no tags: whether it is a photo at all is the codec's to say.
  func read(_ tags: [MetadataTag], from path: String) -> RawMetadata

  /// The values of `tags` in the XMP sidecar at `path` (`IMG_1.xmp`, as
  /// darktable, Lightroom and digiKam write them), its XMP date, place and
  /// text under the EXIF and IPTC keys an image's would have; nil when the
  /// library cannot read it or finds no XMP in it (damaged, or no XMP).
  func readSidecar(_ tags: [MetadataTag], from path: String) -> RawMetadata?
}

extension MetadataReader {
  /// A reader that cannot tell a sidecar from an image reads it as one.
  public func readSidecar(_ tags: [MetadataTag], from path: String) -> RawMetadata? {
    read(tags, from: path)
  }
}

/// One tag to read, by its exiv2 key ("Exif.Photo.FNumber",
/// "Iptc.Application2.Caption", "Xmp.dc.description"), and how.
public struct MetadataTag: Sendable, Hashable {
  public enum Form: Sendable, Hashable {
    /// The value as the library writes it as text: "14/5" for a rational,
    /// `lang="x-default" Text` for an XMP language alternative.
    case text
    /// The value as stored, byte for byte: IPTC and EXIF text come in the
    /// character set the file used, which only the interpreter can tell.
    case bytes
    /// Every value of a repeatable tag (IPTC Keywords, an XMP bag), each as stored.
    case values
  }

  public var key: String
  public var form: Form

  package init(_ key: String, _ form: Form) {
    self.key = key
    self.form = form
  }
}

/// What a `MetadataReader` found: for each tag present, its value in the form asked.
public struct RawMetadata: Sendable, Hashable, Codable {
  public enum Value: Sendable, Hashable, Codable {
    case text(String)
    case bytes([UInt8])
    case values([[UInt8]])
  }

  public var values: [String: Value]

  public init(_ values: [String: Value] = [:]) { self.values = values }

  /// The text form of `key`, nil when absent or asked in another form.
  func text(_ key: String) -> String? {
    if case .text(let text) = values[key] { return text }
    return nil
  }

  /// The stored bytes of `key`.
  func bytes(_ key: String) -> [UInt8]? {
    if case .bytes(let bytes) = values[key] { return bytes }
    return nil
  }

  /// Every value of `key`; empty when absent.
  func list(_ key: String) -> [[UInt8]] {
    if case .values(let list) = values[key] { return list }
    return []
  }
}

/// The reader of loaders that never open a photo (`fetch` and the edit forms
/// list photos by name only): it reads nothing.
package struct NoMetadata: MetadataReader {
  package init() {}

  package func read(_ tags: [MetadataTag], from path: String) -> RawMetadata { RawMetadata() }
}
