import Foundation
import GalleryCore

/// Cheap checks of downloaded bytes before libvips reads them: what the
/// first bytes say the file is, and whether it ends where its format ends.
extension ImageFormat {
  /// The format by signature; nil for anything else (an HTML error page).
  static func sniff(_ data: Data) -> ImageFormat? {
    let head = [UInt8](data.prefix(16))
    func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
    if starts(Array("ftyp".utf8), at: 4) { return .heif }
    return nil
  }

  /// False when a JPEG lacks its end-of-image marker or a PNG its IEND chunk
  /// (a download cut short that still has a valid header); other formats
  /// are left to the decoder. Bytes after a PNG's IEND chunk are allowed, as
  /// browsers and libvips allow them; whether the rest decodes is libvips'.
  func isComplete(_ data: Data) -> Bool {
    switch self {
    case .jpeg:
      // Some cameras pad after the marker; look near the end, not only at it.
      let tail = [UInt8](data.suffix(1024))
      return zip(tail, tail.dropFirst()).contains { $0 == 0xFF && $1 == 0xD9 }
    case .png:
      // The empty IEND chunk: length 0, its type, then its 4-byte CRC.
      guard let end = data.range(of: Data([0, 0, 0, 0] + Array("IEND".utf8)), options: .backwards) else {
        return false
      }
      return data.endIndex - end.upperBound >= 4
    case .gif:
      return data.last == 0x3B
    default:
      return true
    }
  }
}
