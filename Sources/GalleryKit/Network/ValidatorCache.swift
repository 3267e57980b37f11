import Foundation

/// The validators last received for each URL, so the next fetch can ask
/// "only if changed". A plain value; `load(from:)` and `save(to:)` are its
/// only contact with the disk (one JSON file in the cache folder).
struct ValidatorCache: Sendable, Hashable, Codable {
  /// Keyed by the URL's absolute string: query included, since `?page=2`
  /// is another document.
  private(set) var entries: [String: Validators] = [:]

  init(entries: [String: Validators] = [:]) {
    self.entries = entries
  }

  func validators(for url: URL) -> Validators {
    entries[url.absoluteString] ?? Validators()
  }

  /// Remembers `validators` for `url`; empty validators forget it, since a
  /// server that sent none cannot answer a conditional request.
  mutating func store(_ validators: Validators, for url: URL) {
    entries[url.absoluteString] = validators.isEmpty ? nil : validators
  }

  /// Why the cache file could not be read, with the OS's or the decoder's words.
  struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    var path: String
    var reason: String
    var description: String { "\(path): error: cannot read the validator cache (\(reason))" }
  }

  /// The cache stored at `path`; an empty one when there is no file yet.
  static func load(from path: String, in fileSystem: FileSystem) throws(LoadError) -> ValidatorCache {
    guard fileSystem.exists(path) else { return ValidatorCache() }
    do {
      let data = try fileSystem.contents(of: path)
      return try JSONDecoder().decode(ValidatorCache.self, from: data)
    } catch let error as DecodingError {
      throw LoadError(path: path, reason: "not a validator cache: \(Self.words(error))")
    } catch {
      throw LoadError(path: path, reason: OSReason.describe(error))
    }
  }

  /// Writes the cache to `path` atomically: a reader sees the old file or
  /// the new, never part of one. Keys sorted, so the file diffs cleanly.
  func save(to path: String, in fileSystem: FileSystem) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try fileSystem.write(try encoder.encode(self), to: path)
  }

  private static func words(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
      .valueNotFound(_, let context):
      context.debugDescription
    @unknown default:
      "\(error)"
    }
  }
}
