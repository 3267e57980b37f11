extension Sequence<UInt8> {
  /// Lower-case hexadecimal digits, two per byte. Names derivatives and
  /// fingerprints; String(format:) made it a tenth of a no-change rebuild.
  package var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(underestimatedCount * 2)
    for byte in self {
      bytes.append(digits[Int(byte >> 4)])
      bytes.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
