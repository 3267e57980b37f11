import Foundation
import GalleryCore

/// The placeholder colours and decoder warnings of `placeholders.json`, held
/// compactly by a build that processes a site in parts (a previewed folder
/// built album by album, issue 24): a source hash as two words, a plain
/// colour as one, about 50 bytes a photo where the decoded file's strings
/// took some 140. Each part gets the records of its own photos
/// (`records(for:)`) and gives back what it learnt (`merge`); the file is
/// written from here once, with the bytes `DerivativeCache.save(renders:)`
/// writes of the same records.
package struct RenderStore {
  /// A source hash of 1 to 32 lower-case hex digits (catgallery's are 24), as
  /// a number and its length.
  struct Digest: Hashable, Comparable {
    var high: UInt64
    var low: UInt64
    var digits: UInt8

    init?(_ hex: String) {
      let utf8 = Array(hex.utf8)
      guard (1...32).contains(utf8.count), utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
      else { return nil }
      let split = max(0, utf8.count - 16)
      high = split > 0 ? UInt64(String(decoding: utf8[..<split], as: UTF8.self), radix: 16) ?? 0 : 0
      low = UInt64(String(decoding: utf8[split...], as: UTF8.self), radix: 16) ?? 0
      digits = UInt8(utf8.count)
    }

    var hex: String {
      let count = Int(digits)
      guard count > 16 else { return Self.padded(low, to: count) }
      return Self.padded(high, to: count - 16) + Self.padded(low, to: 16)
    }

    private static func padded(_ value: UInt64, to count: Int) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: max(0, count - digits.count)) + digits
    }

    /// The hex digits' order: a shorter one first where it is a prefix, else
    /// by the first digit that differs.
    static func < (a: Digest, b: Digest) -> Bool {
      guard a.digits == b.digits else { return a.hex.utf8.lexicographicallyPrecedes(b.hex.utf8) }
      return (a.high, a.low) < (b.high, b.low)
    }
  }

  /// A colour `#rrggbb` as its number; anything else whole.
  enum Record {
    case colour(UInt32)
    case other(Box)

    final class Box {
      let rendered: RenderedPhoto
      init(_ rendered: RenderedPhoto) { self.rendered = rendered }
    }

    init(_ rendered: RenderedPhoto) {
      let hex = rendered.placeholder.utf8.dropFirst()
      if rendered.warnings.isEmpty, rendered.failure == nil, rendered.placeholder.hasPrefix("#"), hex.count == 6,
        hex.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }),
        let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16)
      {
        self = .colour(value)
      } else {
        self = .other(Box(rendered))
      }
    }

    var rendered: RenderedPhoto {
      switch self {
      case .colour(let value): RenderedPhoto(placeholder: String(format: "#%06x", value))
      case .other(let box): box.rendered
      }
    }
  }

  private var records: [Digest: Record] = [:]
  /// Keys that are not such a hash (none that catgallery makes).
  private var others: [String: RenderedPhoto] = [:]

  package init(_ renders: [String: RenderedPhoto] = [:]) { merge(renders) }

  package var count: Int { records.count + others.count }

  /// How many it holds as numbers.
  var compact: Int { records.count }

  /// Why each photo that cannot be decoded cannot, by source hash (`PhotoIndex.undecodable`).
  package var undecodable: [String: String] {
    var found = others.compactMapValues(\.failure)
    for (digest, record) in records {
      if case .other(let box) = record, let failure = box.rendered.failure { found[digest.hex] = failure }
    }
    return found
  }

  package subscript(hash: String) -> RenderedPhoto? {
    Digest(hash).map { records[$0]?.rendered } ?? others[hash]
  }

  /// The records of `hashes` that it holds.
  package func records(for hashes: some Sequence<String>) -> [String: RenderedPhoto] {
    var found: [String: RenderedPhoto] = [:]
    for hash in hashes { if let rendered = self[hash] { found[hash] = rendered } }
    return found
  }

  package mutating func merge(_ renders: [String: RenderedPhoto]) {
    for (hash, rendered) in renders {
      if let digest = Digest(hash) { records[digest] = Record(rendered) } else { others[hash] = rendered }
    }
  }

  /// Every record, in the order of their hashes' UTF-8 bytes (`save(renders:)`'s),
  /// each made as it is given.
  package func forEachSorted(_ body: (String, RenderedPhoto) throws -> Void) rethrows {
    var others = others.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }[...]
    for digest in records.keys.sorted() {
      guard let rendered = records[digest]?.rendered else { continue }
      let hash = digest.hex
      while let other = others.first, other.utf8.lexicographicallyPrecedes(hash.utf8) {
        if let record = self.others[other] { try body(other, record) }
        others = others.dropFirst()
      }
      try body(hash, rendered)
    }
    for other in others { if let record = self.others[other] { try body(other, record) } }
  }
}

extension DerivativeCache {
  /// Saves `store` as `save(renders:)` saves the same records.
  package func save(renders store: RenderStore) throws {
    try saveRenders(store.forEachSorted)
  }
}
