import Foundation

/// New `_id`s for cats, shaped like restdb's (MongoDB object ids): 24
/// lowercase hex digits, the first 8 the creation time in seconds, so ids
/// sort by age as restdb's do; the other 16 random.
enum CatID {
  /// An id made at `now` with `generator`'s randomness (injected for tests).
  static func make(now: Date, using generator: inout some RandomNumberGenerator) -> String {
    let seconds = UInt32(clamping: Int64(now.timeIntervalSince1970.rounded(.down)))
    let random = UInt64.random(in: .min ... .max, using: &generator)
    return withUnsafeBytes(of: seconds.bigEndian, { Array($0) }).hex
      + withUnsafeBytes(of: random.bigEndian, { Array($0) }).hex
  }
}
