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

  /// Source hash → placeholder colour and decoder warnings, from the last
  /// builds. A file in an older shape (colours alone, which could not say a
  /// photo was damaged) reads as empty, so every photo is decoded once more.
  package func loadRenders() -> [String: RenderedPhoto] {
    load([String: RenderedPhoto].self, from: placeholderFile) ?? [:]
  }
}
