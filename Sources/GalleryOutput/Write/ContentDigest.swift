import Crypto
import Foundation
import GalleryCore

/// 128 bits of a SHA-256: what the output manifest keeps of each file's bytes
/// (`OutputManifest.files`). Held as two numbers, 16 bytes in the
/// dictionary itself, not as its 32 hex digits, which are a String on the heap
/// a file: a build of 20,000 photos holds the last manifest's 21,000 digests
/// and the new one's (issue 24). Written and read as hex.
struct ContentDigest: Hashable, Sendable {
  let high: UInt64
  let low: UInt64

  init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The first 128 bits of the SHA-256 of `data`.
  init(of data: some DataProtocol) {
    (high, low) = SHA256.hash(data: data).withUnsafeBytes {
      (
        UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      )
    }
  }

  /// Reads exactly 32 lower-case hex digits, as `hex` writes them; nil for
  /// anything else, so a manifest read back writes the same bytes.
  init?(hex: some StringProtocol) {
    guard hex.utf8.count == 32 else { return nil }
    var (high, low): (UInt64, UInt64) = (0, 0)
    for (index, byte) in hex.utf8.enumerated() {
      let nibble: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      if index < 16 { high = high << 4 | UInt64(nibble) } else { low = low << 4 | UInt64(nibble) }
    }
    self.init(high: high, low: low)
  }

  /// 32 lower-case hex digits, the high half first.
  var hex: String { withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.hex } }

  /// The sum of two digests modulo 2^128: the same whatever the order they
  /// are added in (`OutputManifest.digest(names:)`).
  static func &+ (left: ContentDigest, right: ContentDigest) -> ContentDigest {
    let (low, carry) = left.low.addingReportingOverflow(right.low)
    return ContentDigest(high: left.high &+ right.high &+ (carry ? 1 : 0), low: low)
  }
}
