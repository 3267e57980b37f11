import Foundation
import GalleryCore

/// The placeholder colours and decoder warnings of `placeholders.json`, held
/// compactly by a build that processes a site in parts (a previewed folder
/// built album by album, issue 24): a SHA-256 source hash as four words, a
/// plain colour as one, about 50 bytes a photo where the decoded file's
/// strings took some 200. Each part gets the records of its own photos
/// (`records(for:)`) and gives back what it learnt (`merge`); the file is
/// written from here once, with the bytes `DerivativeCache.save(renders:)`
/// writes of the same records.
package struct RenderStore {
  /// A source hash that is 64 lower-case hex digits, as a number.
  struct Digest: Hashable, Comparable {
    var words: (UInt64, UInt64, UInt64, UInt64)

    init?(_ hex: String) {
      let utf8 = Array(hex.utf8)
      guard utf8.count == 64, utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
        return nil
      }
      func word(_ part: Int) -> UInt64 {
        UInt64(String(decoding: utf8[(part * 16)..<(part * 16 + 16)], as: UTF8.self), radix: 16) ?? 0
      }
      words = (word(0), word(1), word(2), word(3))
    }

    var hex: String {
      String(format: "%016llx%016llx%016llx%016llx", words.0, words.1, words.2, words.3)
    }

    static func == (a: Digest, b: Digest) -> Bool { a.words == b.words }

    func hash(into hasher: inout Hasher) {
      hasher.combine(words.0)
      hasher.combine(words.1)
    }

    /// The hex digits' order: the numbers', word by word.
    static func < (a: Digest, b: Digest) -> Bool { a.words < b.words }
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
