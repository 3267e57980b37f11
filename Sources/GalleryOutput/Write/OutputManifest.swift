import Crypto
import Foundation
import GalleryCore

/// What the last site written to an output holds: a digest of each file's
/// bytes by path, and the names of its derivatives and zips. Kept in the
/// site's cache (`OutputOwner.manifestFile`) from one build to the next, so the
/// Write stage decides which files are the same bytes as the output's without
/// reading the output: those are hard-linked from it into the staging folder
/// (`StagingFolder`). Two equal manifests are the same site, which is then not
/// swapped at all.
struct OutputManifest: Equatable {
  /// Digest by path.
  var files: [String: String] = [:]
  var derivatives: Set<String> = []
  /// The cached name of each zip, by its path in the output.
  var archives: [String: String] = [:]

  private static let header = "catgallery output manifest 1"

  /// The bytes' digest: 128 bits of SHA-256, as hex.
  static func digest(_ data: Data) -> String { SHA256.hash(data: data).prefix(16).hex }

  /// Reads a saved manifest; nil for anything else (a digest an earlier
  /// version saved, a damaged file), which then links nothing.
  init?(_ data: Data) {
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first == Self.header[...] else { return nil }
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      switch (fields.first, fields.count) {
      case ("f", 3): files[String(fields[2])] = String(fields[1])
      case ("d", 2): derivatives.insert(String(fields[1]))
      case ("z", 3): archives[String(fields[2])] = String(fields[1])
      default: return nil
      }
    }
  }

  init() {}

  /// One line per entry, sorted, so the same site gives the same bytes.
  var data: Data {
    var text = Self.header + "\n"
    for path in files.keys.sorted() { text += "f\t\(files[path] ?? "")\t\(path)\n" }
    for name in derivatives.sorted() { text += "d\t\(name)\n" }
    for path in archives.keys.sorted() { text += "z\t\(archives[path] ?? "")\t\(path)\n" }
    return Data(text.utf8)
  }
}
