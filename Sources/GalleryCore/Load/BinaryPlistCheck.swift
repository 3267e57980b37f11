import Foundation

/// Looks over a binary property list's trailer and object table before
/// Foundation reads it. Foundation's reader crashes on some hostile files (a
/// set object, found by fuzzing), so only the object kinds a plist of ours can
/// hold get through: booleans, numbers, dates, data, strings, arrays and dictionaries.
enum BinaryPlistCheck {
  /// Whether `data` has a sound trailer and offset table and only those object kinds.
  static func isAcceptable(_ data: Data) -> Bool {
    let bytes = [UInt8](data)
    guard bytes.count >= 8 + 32 else { return false }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let count = number(bytes, at: trailer + 8, size: 8),
      let table = number(bytes, at: trailer + 24, size: 8),
      count > 0, table >= 8, table <= trailer, count <= (trailer - table) / offsetSize
    else { return false }
    for index in 0..<count {
      guard let offset = number(bytes, at: table + index * offsetSize, size: offsetSize),
        offset >= 8, offset < table
      else { return false }
      switch bytes[offset] >> 4 {
      case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD: continue
      default: return false
      }
    }
    return true
  }

  /// The big-endian unsigned number of `size` bytes at `start`, if it fits in the file's range.
  private static func number(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
    guard start >= 0, start + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for byte in bytes[start..<start + size] {
      guard value <= UInt64(bytes.count) else { return nil }
      value = value << 8 | UInt64(byte)
    }
    return value <= UInt64(bytes.count) ? Int(value) : nil
  }
}
