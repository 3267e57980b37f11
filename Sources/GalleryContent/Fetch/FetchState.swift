import Foundation
import GalleryCore
import GalleryNetwork

/// What `fetch` remembers between runs, in .cache/catgallery/fetch/state.json:
/// the last response of every document URL (validators and body, for
/// conditional requests), and the size, time and hash of each photo it wrote,
/// so an unchanged photo is recognised without reading it. Only a saving of
/// work: a missing or damaged file reads as empty and everything is asked
/// again.
struct FetchState: Sendable, Hashable, Codable {
  struct Stamp: Sendable, Hashable, Codable {
    var attributes: FileAttributes
    var sha256: String
  }

  static let currentVersion = 1
  static let folder = FetchJournal.folder

  var version = currentVersion
  var responses = ResponseCache()
  /// Keyed by path below content/photos/.
  var files: [String: Stamp] = [:]

  static func load(from path: String, in fileSystem: FileSystem) -> FetchState {
    guard let data = try? fileSystem.contents(of: path),
      let state = try? JSONDecoder().decode(FetchState.self, from: data), state.version == currentVersion
    else { return FetchState() }
    return state
  }

  /// Sorted keys, so an unchanged state encodes to the same bytes and is not rewritten.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self)
  }
}
