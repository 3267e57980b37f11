import CGexiv2Shim
import Foundation
import GalleryCore

/// exiv2 (through gexiv2's C API) behind the core's `MetadataReader` edge: it
/// reads EXIF, IPTC and XMP by segment, so nothing inside the compressed pixels
/// is ever taken for metadata. The only Swift file that touches exiv2.
public struct Exiv2Reader: MetadataReader {
  /// exiv2 starts once per process; a static let is initialised exactly once
  /// even when many threads ask.
  private static let started = cgx_init() == 0

  /// exiv2's XMP toolkit keeps its namespace registry in process-wide state
  /// without a lock of its own (exiv2 asks multi-threaded callers for one),
  /// and parsing a packet with a new namespace writes to it: one file at a
  /// time, for the whole process. A read takes about a millisecond.
  private static let exiv2 = Locked(())

  public init() throws(ImageError) {
    guard Self.started else { throw ImageError("cannot start exiv2 (gexiv2_initialize failed)") }
  }

  public func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
    read(tags, from: path, needsXMP: false) ?? RawMetadata()
  }

  // exiv2 opens an XMP sidecar as an image of its own and copies its XMP
  // into EXIF and IPTC keys (date, GPS, caption), as it would for a photo.
  public func readSidecar(_ tags: [MetadataTag], from path: String) -> RawMetadata? {
    read(tags, from: path, needsXMP: true)
  }

  /// nil when exiv2 cannot open the file, or `needsXMP` and it holds none.
  private func read(_ tags: [MetadataTag], from path: String, needsXMP: Bool) -> RawMetadata? {
    Self.exiv2.withLock { _ in
      guard let file = cgx_open(PathBytes.system(path)) else { return nil }
      defer { cgx_free(file) }
      if needsXMP, cgx_has_xmp(file) == 0 { return nil }
      var raw = RawMetadata()
      for tag in tags {
        if let value = Self.value(of: tag, in: file) { raw.values[tag.key] = value }
      }
      return raw
    }
  }

  private static func value(of tag: MetadataTag, in file: OpaquePointer) -> RawMetadata.Value? {
    switch tag.form {
    case .text:
      guard let text = cgx_tag_string(file, tag.key) else { return nil }
      defer { cgx_free_string(text) }
      return .text(String(cString: text))
    case .bytes:
      var size = 0
      guard let bytes = cgx_tag_bytes(file, tag.key, &size) else { return nil }
      defer { cgx_free_bytes(bytes) }
      return .bytes(Array(UnsafeBufferPointer(start: bytes, count: size)))
    case .values:
      guard let values = cgx_tag_values(file, tag.key) else { return nil }
      defer { cgx_free_values(values) }
      var list: [[UInt8]] = []
      var index = 0
      while let value = values[index] {
        list.append(Array(UnsafeBufferPointer(start: value, count: strlen(value))).map { UInt8(bitPattern: $0) })
        index += 1
      }
      return list.isEmpty ? nil : .values(list)
    }
  }
}
