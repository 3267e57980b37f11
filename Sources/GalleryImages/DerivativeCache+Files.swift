import Foundation
import GalleryCore

/// The cache's own JSON files: the photo index (`DerivativeCache+Index`), the
/// placeholder colours, and the records the output's owner keeps there
/// (`OutputOwner`). Each is only a saving of work: one that is missing,
/// unreadable or of an older shape reads as nil, and the work is done again.
extension DerivativeCache {
  package func load<Value: Decodable>(_ type: Value.Type, from path: String) -> Value? {
    guard let data = try? fileSystem.contents(of: path) else { return nil }
    return try? JSONDecoder().decode(type, from: data)
  }

  /// Saved atomically and durably, with sorted keys so equal values give equal bytes.
  package func save(_ value: some Encodable, to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try fileSystem.write(try encoder.encode(value), to: path)
  }

  /// Saves the placeholder colours and decoder warnings: the bytes
  /// `save(_:to:)` makes of them, made an entry at a time, as the photo index
  /// is (`PhotoIndex.json`): the whole encoded at once built the encoder's
  /// tree of 20,000 entries.
  package func save(renders: [String: RenderedPhoto]) throws {
    try saveRenders { body in
      for key in renders.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
        if let rendered = renders[key] { try body(key, rendered) }
      }
    }
  }

  /// Saves the records `each` gives, in order, an entry at a time.
  func saveRenders(_ each: ((String, RenderedPhoto) throws -> Void) throws -> Void) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var json = Data("{".utf8)
    try each { key, rendered in
      if json.count > 1 { json.append(UInt8(ascii: ",")) }
      json.append(try encoder.encode(key))
      json.append(UInt8(ascii: ":"))
      json.append(try encoder.encode(rendered))
    }
    json.append(UInt8(ascii: "}"))
    try fileSystem.write(json, to: placeholderFile)
  }

  /// Source hash → placeholder colour and decoder warnings, from the last
  /// builds. A file in an older shape (colours alone, which could not say a
  /// photo was damaged) reads as empty, so every photo is decoded once more.
  package func loadRenders() -> [String: RenderedPhoto] {
    load([String: RenderedPhoto].self, from: placeholderFile) ?? [:]
  }
}
