import Foundation

/// Finds one key in bytes: whole, or a piece of it long enough that no
/// text holds it by chance (an API that splits the key across fields still
/// writes each half somewhere), and the forms an API may encode text in.
struct KeyEcho {
  let key: [UInt8]
  /// Pieces of this many bytes count: a third of the key, at least 8 bytes
  /// (a random run of 8 characters is in no breed's description), the
  /// whole key when shorter. Halves and thirds of any key are found.
  let pieceLength: Int
  /// Where each piece starts in the key, by its first 8 bytes.
  private let starts: [UInt64: [Int]]

  init(key: [UInt8]) {
    self.key = key
    pieceLength = min(key.count, max(8, key.count / 3))
    var starts: [UInt64: [Int]] = [:]
    if pieceLength >= 8 {
      for offset in 0...(key.count - pieceLength) {
        starts[Self.word(key, at: offset), default: []].append(offset)
      }
    }
    self.starts = starts
  }

  /// Whether `text` holds the whole key.
  func whole(in text: [UInt8]) -> Bool {
    guard !key.isEmpty, text.count >= key.count else { return false }
    return Self.find(key[...], in: text)
  }

  /// Whether `text` holds a piece of `pieceLength` bytes of the key.
  func piece(in text: [UInt8]) -> Bool {
    guard pieceLength >= 8 else { return whole(in: text) }
    guard text.count >= pieceLength else { return false }
    var window: UInt64 = 0
    for (index, byte) in text.enumerated() {
      window = window << 8 | UInt64(byte)
      guard index >= 7, let offsets = starts[window] else { continue }
      let start = index - 7
      guard start + pieceLength <= text.count else { continue }
      for offset in offsets where text[start..<start + pieceLength].elementsEqual(key[offset..<offset + pieceLength]) {
        return true
      }
    }
    return false
  }

  /// The forms `text` may hide a key in, decoded: URL (`%63at`), and base64
  /// (standard or URL-safe) of each run of base64 letters, read from each of
  /// its first four places since the key need not start on a boundary.
  static func decodedForms(of text: [UInt8]) -> [[UInt8]] {
    var forms: [[UInt8]] = []
    if text.contains(UInt8(ascii: "%")) { forms.append(percentDecoded(text)) }
    var run: [UInt8] = []
    for byte in text + [0] {
      if isBase64Letter(byte) {
        run.append(byte)
        continue
      }
      // Eight bytes of key are twelve letters of base64.
      if run.count >= 12 {
        for shift in 0..<4 { if let bytes = base64Decoded(run.dropFirst(shift)) { forms.append(bytes) } }
      }
      run.removeAll(keepingCapacity: true)
    }
    return forms
  }

  private static func isBase64Letter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"),
      UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// `letters` as base64 (URL-safe letters read as standard ones, padding
  /// optional); nil when they are not base64.
  private static func base64Decoded(_ letters: ArraySlice<UInt8>) -> [UInt8]? {
    var standard = letters.prefix(letters.count % 4 == 1 ? letters.count - 1 : letters.count).map { byte -> UInt8 in
      byte == UInt8(ascii: "-") ? UInt8(ascii: "+") : byte == UInt8(ascii: "_") ? UInt8(ascii: "/") : byte
    }
    standard += [UInt8](repeating: UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: Data(standard)).map { Array($0) }
  }

  /// `%XX` sequences replaced by their byte; anything else kept as it is.
  private static func percentDecoded(_ text: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      if text[index] == UInt8(ascii: "%"), index + 2 < text.count, let high = hex(text[index + 1]),
        let low = hex(text[index + 2])
      {
        out.append(high << 4 | low)
        index += 3
      } else {
        out.append(text[index])
        index += 1
      }
    }
    return out
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func word(_ bytes: [UInt8], at offset: Int) -> UInt64 {
    bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
  }

  private static func find(_ needle: ArraySlice<UInt8>, in text: [UInt8]) -> Bool {
    guard let first = needle.first else { return true }
    var index = 0
    let last = text.count - needle.count
    while index <= last {
      if text[index] == first, text[index..<index + needle.count].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
