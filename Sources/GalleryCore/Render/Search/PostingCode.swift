/// The compact text a term's list of entries is written as in a chunk.
///
/// Each entry is one number, `(gap - 1) * 8 + title`: `gap` is its entry
/// number minus the one before (the first counts from -1), and `title` is 0
/// when the term is not in the entry's title, else how many distinct words
/// the title has (7 for seven or more), which is all a browser needs to know
/// an exact name match before it fetches any title. A number is written in
/// base 32, most significant digit first, each digit one character of
/// `digits`: the upper 32 mark a digit that more follow, the lower 32 the last.
/// A term found in most entries costs one byte an entry; no separators.
enum PostingCode {
  static let digits = Array("0123456789abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZwxyz-_".utf8)
  /// The `title` value is three bits.
  static let titleBits = 3
  static let longestTitle = 7

  /// One posting: the entry's number and its `title` value.
  struct Posting: Hashable {
    var entry: Int
    var title: Int
  }

  static func encode(_ postings: [Posting]) -> String {
    var list = List()
    for posting in postings { list.append(posting) }
    return list.code
  }

  /// A term's postings encoded as they come, in entry order: a byte or two
  /// a posting where `Posting` is sixteen (`SearchIndexStream`).
  struct List {
    private var bytes: [UInt8] = []
    private var previous = -1

    mutating func append(_ posting: Posting) {
      let value = (posting.entry - previous - 1) << titleBits | min(posting.title, longestTitle)
      previous = posting.entry
      PostingCode.append(value, to: &bytes)
    }

    /// The list as a chunk writes it.
    var code: String { String(decoding: bytes, as: UTF8.self) }
  }

  /// The postings `text` holds; nil when it is not this code (for tests).
  static func decode(_ text: String) -> [Posting]? {
    var postings: [Posting] = []
    var value = 0
    var previous = -1
    for byte in text.utf8 {
      guard let digit = digits.firstIndex(of: byte) else { return nil }
      value = value << 5 | (digit & 31)
      if digit < 32 {
        previous += (value >> titleBits) + 1
        postings.append(Posting(entry: previous, title: value & longestTitle))
        value = 0
      }
    }
    return value == 0 ? postings : nil
  }

  private static func append(_ value: Int, to bytes: inout [UInt8]) {
    var groups: [Int] = [value & 31]
    var rest = value >> 5
    while rest > 0 {
      groups.append(rest & 31)
      rest >>= 5
    }
    for (index, group) in groups.reversed().enumerated() {
      bytes.append(digits[index == groups.count - 1 ? group : group + 32])
    }
  }
}
