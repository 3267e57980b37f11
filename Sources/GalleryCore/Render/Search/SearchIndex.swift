import Crypto
import Foundation

/// Render stage: the site-wide search index, in small files under `search/` so a
/// query fetches only what it needs. Pure: same entries, same bytes.
///
/// - `search/index.json`, the manifest: the number of entries, how many
///   entries a fragment holds, each chunk's first term (cut to the shortest
///   prefix that tells it from the chunk before) and name, and each
///   fragment's version, four characters a fragment, in fragment order.
/// - Chunks `search/t-<hash>.json`: the terms (`SearchTerms`) in UTF-16 order,
///   each with its entries (`PostingCode`). Terms are split into chunks by
///   prefix (`SearchChunker`), so a word's chunk depends only on the terms
///   that share its first letters, and an edit rewrites only the chunks of the
///   words it changes.
/// - Fragments `search/f<number>-<version>.json`: `group` entries each, every
///   entry `[kind, title, place, url, thumbnail]`, fetched only for the
///   results shown.
///
/// Chunk and fragment names carry a hash of their bytes, so a cache never
/// pairs a new manifest with an old chunk; only the manifest is asked for anew.
struct SearchIndex {
  static let folder = "search/"
  static let manifest = folder + "index.json"
  /// Entries a fragment holds: few enough that the results of a query cost a
  /// few kilobytes, enough that the manifest's list of versions stays small.
  static let group = 16
  /// The longest title a fragment keeps, in characters.
  static let titleLimit = 120

  var entries: [SearchEntry]
  /// A live site's terms of the last rebuild (`KnownSearchTerms`), reused for unchanged texts.
  var known: KnownSearchTerms? = nil
  /// Entries whose terms one worker folds at a time (`postings()`); any
  /// value gives the same bytes, so tests can make many parts of few entries.
  var part = 512

  /// Every file of the index, the manifest first.
  var files: [OutputFile] {
    let postings = self.postings()
    let terms = Self.sorted(postings.keys)
    let codes = terms.map { PostingCode.encode(postings[$0] ?? []) }
    // Encoding and hashing a fragment is independent of every other one: all
    // cores. A live site's fragment of the same entries as last time is kept.
    let starts = Array(stride(from: 0, to: entries.count, by: Self.group))
    let last = known?.fragments ?? []
    let fragments = Parallel.map(starts) { start in
      let slice = entries[start..<min(start + Self.group, entries.count)]
      let number = start / Self.group
      if number < last.count, last[number].entries == slice { return last[number] }
      let data = Self.fragment(slice)
      return KnownSearchTerms.Fragment(entries: slice, data: data, version: Self.version(data))
    }
    known?.fragments = fragments
    let versions = fragments.map(\.version).joined()
    return Self.manifestAndChunks(terms: terms, codes: codes, versions: versions, entries: entries.count)
      + fragments.enumerated().map { Self.fragmentFile($0, version: $1.version, data: $1.data) }
  }

  /// Terms in the order chunks list them: UTF-16's, as a browser compares.
  static func sorted(_ terms: some Sequence<String>) -> [String] {
    terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
  }

  /// The fragment file of number `number`.
  static func fragmentFile(_ number: Int, version: String, data: Data) -> OutputFile {
    OutputFile(path: folder + "f\(number)-\(version).json", data: data)
  }

  /// The manifest, then the chunks, of an index of `entries` entries whose
  /// sorted `terms` have the postings `codes` and whose fragments have the
  /// versions `versions`, in order.
  static func manifestAndChunks(terms: [String], codes: [String], versions: String, entries: Int) -> [OutputFile] {
    let chunker = SearchChunker(terms: terms, sizes: zip(terms, codes).map { $0.utf8.count + $1.utf8.count + 6 })
    var files: [OutputFile] = []
    var chunkList: [String] = []
    var previousLast: String?
    for range in chunker.chunks() {
      var json = "{"
      for index in range {
        if index > range.lowerBound { json += "," }
        json += "\"\(terms[index])\":\"\(codes[index])\""
      }
      json += "}\n"
      let data = Data(json.utf8)
      let name = "t-" + Self.hash(data, bytes: 5).hex + ".json"
      files.append(OutputFile(path: Self.folder + name, data: data))
      let first = terms[range.lowerBound]
      let separator = previousLast.map { Self.separator(after: $0, upTo: first) } ?? ""
      chunkList.append("[\"\(separator)\",\"\(name)\"]")
      previousLast = terms[range.upperBound - 1]
    }
    let manifest =
      "{\"version\":1,\"entries\":\(entries),\"group\":\(Self.group),\"chunks\":["
      + chunkList.joined(separator: ",") + "],\"fragments\":\"\(versions)\"}\n"
    return [OutputFile(path: Self.manifest, data: Data(manifest.utf8))] + files
  }

  static func fragment(_ slice: ArraySlice<SearchEntry>) -> Data {
    let rows = slice.map { entry in
      [entry.kind, Text.short(entry.title, limit: Self.titleLimit), entry.place, entry.url, entry.thumb ?? ""]
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return ((try? encoder.encode(rows)) ?? Data("[]".utf8)) + Data("\n".utf8)
  }

  /// The shortest prefix of `first` that sorts after `last` (the chunk before's
  /// last term): all a browser needs to know which chunk a word falls in.
  static func separator(after last: String, upTo first: String) -> String {
    let last = Array(last.utf16)
    let first = Array(first.utf16)
    var length = 0
    while length < last.count, length < first.count, last[length] == first[length] { length += 1 }
    return String(decoding: first.prefix(length + 1), as: UTF16.self)
  }

  static func hash(_ data: Data, bytes: Int) -> [UInt8] {
    Array(SHA256.hash(data: data).prefix(bytes))
  }

  /// Four URL-safe characters of the hash of a fragment: its version in the
  /// manifest and its name.
  static func version(_ data: Data) -> String {
    Data(hash(data, bytes: 3)).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
  }
}
