import Foundation
import GalleryCore

/// What the last site written to an output holds: a digest of each file's
/// bytes by path, one of the names of its derivatives, and its zips' names. Kept in the
/// site's cache (`OutputOwner.manifestFile`) from one build to the next, so the
/// Write stage decides which files are the same bytes as the output's without
/// reading the output: those are hard-linked from it into the staging folder
/// (`StagingFolder`). Two equal manifests are the same site, which is then not
/// swapped at all.
struct OutputManifest: Equatable {
  /// Digest by path.
  var files: [String: ContentDigest] = [:]
  /// The names of the derivatives in one digest (`digest(names:)`), not
  /// each name: a site of 20,000 photos shows 160,000 (issue 24).
  var derivatives = ""
  /// The cached name of each zip, by its path in the output.
  var archives: [String: String] = [:]

  /// Version 1 listed each derivative's name; such a manifest reads as none.
  private static let header = "catgallery output manifest 2"

  /// The bytes' digest: 128 bits of SHA-256.
  static func digest(_ data: Data) -> ContentDigest { ContentDigest(of: data) }

  /// Distinct `names` in one digest, whatever their order: the sum of 128
  /// bits of each name's SHA-256, so it is made a name at a time, without
  /// holding or sorting the names.
  static func digest(names: some Sequence<String>) -> String {
    var digest = NameDigest()
    for name in names { digest.add(name) }
    return digest.value
  }

  /// `digest(names:)` made a name at a time.
  struct NameDigest {
    private var sum = ContentDigest(high: 0, low: 0)

    mutating func add(_ name: String) { sum = sum &+ ContentDigest(of: Data(name.utf8)) }

    var value: String { sum.hex }
  }

  /// Reads a saved manifest; nil for anything else (a digest an earlier
  /// version saved, a damaged file: a file's digest that is not 32 hex
  /// digits), which then links nothing.
  init?(_ data: Data) {
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
    guard lines.first == Self.header[...] else { return nil }
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      switch (fields.first, fields.count) {
      case ("f", 3):
        guard let digest = ContentDigest(hex: fields[1]) else { return nil }
        files[String(fields[2])] = digest
      case ("d", 2): derivatives = String(fields[1])
      case ("z", 3): archives[String(fields[2])] = String(fields[1])
      default: return nil
      }
    }
  }

  init() {}

  /// One line per entry, sorted, so the same site gives the same bytes.
  /// Made into bytes of the exact size, a line at a time: made as one
  /// growing string, the manifest of 21,000 files was the peak of a staged
  /// build's Write stage, its string's spare room and its copy (issue 24).
  var data: Data {
    let paths = files.keys.sorted()
    let lines = [Self.header, "d\t" + derivatives] + archives.keys.sorted().map { "z\t\(archives[$0] ?? "")\t\($0)" }
    var data = Data()
    // "f", two tabs, 32 digits and a line end: 36 bytes and the path.
    data.reserveCapacity(paths.reduce(0) { $0 + $1.utf8.count + 36 } + lines.reduce(0) { $0 + $1.utf8.count + 1 })
    func append(_ line: String) {
      data.append(contentsOf: line.utf8)
      data.append(UInt8(ascii: "\n"))
    }
    append(Self.header)
    for path in paths { append("f\t\(files[path]?.hex ?? "")\t\(path)") }
    if !derivatives.isEmpty { append(lines[1]) }
    for line in lines.dropFirst(2) { append(line) }
    return data
  }
}
