import Crypto
import Foundation
import Testing

@testable import GalleryCore

/// The chunked search index: words folded as a browser folds a query, postings
/// that decode to what was written, chunks found by their prefixes, names that
/// change with the bytes, and an edit that rewrites only the files it touches.
@Suite("Search index")
struct SearchIndexTests {
  @Test(
    "words are folded to lower case without accents and split at anything but letters and digits",
    arguments: [
      ("Égyptienne", ["egyptienne"]),
      ("MAU ÉGYPTIEN", ["mau", "egyptien"]),
      ("Zoë's café", ["zoe", "s", "cafe"]),
      ("İstanbul", ["istanbul"]),
      ("Ｃａｔ ２", ["cat", "2"]),
      ("naïve—résumé, naïve", ["naive", "resume"]),
      ("Kraków 2019: Søren", ["krakow", "2019", "søren"]),
      ("猫の写真", ["猫の写真"]),
      ("tabby-cat_2.0 TABBY", ["tabby", "cat", "2", "0"]),
      (String(repeating: "Xy", count: 25) + " z", [String(repeating: "xy", count: 20), "z"]),
      ("café " + String(repeating: "é", count: 45), ["cafe", String(repeating: "e", count: 40)]),
      ("", []),
    ])
  func folding(text: String, terms: [String]) {
    #expect(SearchTerms.of(text) == terms)
  }

  @Test("postings decode to the entries and title lengths they were written from")
  func postings() {
    let postings: [PostingCode.Posting] = [
      .init(entry: 0, title: 1), .init(entry: 1, title: 0), .init(entry: 5, title: 7), .init(entry: 40_000, title: 3),
      .init(entry: 40_001, title: 0),
    ]
    let code = PostingCode.encode(postings)
    #expect(PostingCode.decode(code) == postings)
    #expect(PostingCode.encode([.init(entry: 0, title: 0), .init(entry: 1, title: 0)]) == "00", "a byte an entry")
    #expect(PostingCode.encode([.init(entry: 3, title: 12)]).utf8.count == 1, "seven and more words are 7")
  }

  /// `count` photos whose captions share words, so the index has many chunks.
  static func entries(_ count: Int, edit: (Int, String) -> String = { $1 }) -> [SearchEntry] {
    let names = ["Tofu", "Miso", "Luna", "Olive", "Zoë", "Pepper", "Ginger", "Mochi", "Pixel", "Hazel"]
    let places = ["sofa", "window", "garden", "kitchen", "stairs", "box", "balcony", "attic", "piano"]
    return (0..<count).map { number in
      let caption =
        "\(names[number % names.count]) number \(number) on the \(places[number % places.count]) word\(number % 97)"
      return SearchEntry(
        kind: "Photo", title: edit(number, caption), text: "Album \(number / 50)",
        url: "album-\(number / 50)/\(number)/",
        place: "Album \(number / 50)", thumb: "images/\(number).webp")
    }
  }

  static func files(_ entries: [SearchEntry]) -> [String: Data] {
    Dictionary(uniqueKeysWithValues: SearchIndex(entries: entries).files.map { ($0.path, $0.data) })
  }

  struct Manifest: Decodable {
    var entries: Int
    var group: Int
    var chunks: [[String]]
    var fragments: String
  }

  static func manifest(_ files: [String: Data]) throws -> Manifest {
    try JSONDecoder().decode(Manifest.self, from: try #require(files[SearchIndex.manifest]))
  }

  @Test(
    "the index made as a staged build hands parts on writes the whole index's files, byte for byte",
    arguments: [[2000], [5, 16, 16, 1, 0, 300, 1662], [1, 1, 1, 15, 33]])
  func streamed(parts: [Int]) {
    let entries = Self.entries(parts.reduce(0, +))
    var stream = SearchIndexStream()
    var streamed: [String: Data] = [:]
    var start = 0
    for count in parts {
      let files = stream.add(Array(entries[start..<start + count]))
      start += count
      // A fragment is made once its sixteen entries are in, and not before.
      #expect(streamed.count { $0.key.hasPrefix(SearchIndex.folder + "f") } + files.count == start / SearchIndex.group)
      for file in files { streamed[file.path] = file.data }
    }
    for file in stream.finish() { streamed[file.path] = file.data }
    #expect(streamed == Self.files(entries))
  }

  @Test("every term is in the one chunk its prefix names, and decodes to the entries that have it")
  func chunks() throws {
    let entries = Self.entries(2000)
    let files = Self.files(entries)
    let manifest = try Self.manifest(files)
    #expect(manifest.entries == 2000 && manifest.chunks.count > 5)
    #expect(manifest.chunks.first?.first == "")
    let separators = manifest.chunks.map { $0[0] }
    #expect(separators == separators.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
    let entryTerms = entries.map { Set(SearchTerms.of($0.title + " " + $0.text + " " + $0.place)) }
    var seen = 0
    for (number, chunk) in manifest.chunks.enumerated() {
      let data = try #require(files[SearchIndex.folder + chunk[1]])
      #expect(chunk[1] == "t-" + Array(SHA256.hash(data: data).prefix(5)).hex + ".json", "named by its bytes")
      let terms = try JSONSerialization.jsonObject(with: data) as? [String: String] ?? [:]
      for (term, code) in terms {
        #expect(!term.utf16.lexicographicallyPrecedes(chunk[0].utf16))
        if number + 1 < manifest.chunks.count {
          #expect(term.utf16.lexicographicallyPrecedes(manifest.chunks[number + 1][0].utf16))
        }
        let expected = entries.indices.filter { entryTerms[$0].contains(term) }
        #expect(PostingCode.decode(code)?.map(\.entry) == expected, "\(term)")
      }
      seen += terms.count
    }
    #expect(seen > 100)
  }

  @Test("a title word carries the title's length; other words carry none")
  func titleLengths() throws {
    let entries = [
      SearchEntry(kind: "Breed", title: "Siamese", text: "Thailand", url: "breeds/siam/"),
      SearchEntry(kind: "Photo", title: "A Siamese on the sofa", text: "Parks", url: "parks/a/"),
      SearchEntry(kind: "Cat", title: "Tofu", text: "Siamese, owned by Ann", url: "cats/tofu/"),
    ]
    let files = Self.files(entries)
    let manifest = try Self.manifest(files)
    let chunk = try #require(files[SearchIndex.folder + manifest.chunks[0][1]])
    let terms = try JSONSerialization.jsonObject(with: chunk) as? [String: String] ?? [:]
    let code = try #require(terms["siamese"])
    #expect(
      PostingCode.decode(code) == [.init(entry: 0, title: 1), .init(entry: 1, title: 5), .init(entry: 2, title: 0)])
  }

  @Test("fragments hold each entry's kind, title, place, page and thumbnail, versioned in the manifest")
  func fragments() throws {
    let entries = Self.entries(40)
    let files = Self.files(entries)
    let manifest = try Self.manifest(files)
    #expect(manifest.fragments.count == 4 * 3, "three fragments of 16")
    let version = String(manifest.fragments.dropFirst(4).prefix(4))
    let data = try #require(files[SearchIndex.folder + "f1-\(version).json"])
    let rows = try JSONDecoder().decode([[String]].self, from: data)
    #expect(rows.count == 16)
    #expect(rows[2] == ["Photo", entries[18].title, "Album 0", "album-0/18/", "images/18.webp"])
  }

  @Test("the same entries give the same bytes")
  func deterministic() {
    #expect(Self.files(Self.entries(500)) == Self.files(Self.entries(500)))
  }

  @Test("a caption edit rewrites the manifest, the chunks of the words it changed and one fragment")
  func localEdit() throws {
    let before = Self.files(Self.entries(2000))
    let after = Self.files(
      Self.entries(2000) { $0 == 1238 ? $1.replacingOccurrences(of: "Pixel", with: "Quartz") : $1 })
    let changed = Set(before.keys).symmetricDifference(after.keys).union(
      before.keys.filter { after[$0] != nil && after[$0] != before[$0] })
    let chunks = changed.filter { $0.hasPrefix("search/t-") }
    let fragments = changed.filter { $0.hasPrefix("search/f") }
    #expect(changed.contains(SearchIndex.manifest))
    // "pixel" loses an entry and "quartz" is new: each chunk is written anew (old and new name).
    #expect(chunks.count <= 4, "\(chunks.sorted())")
    #expect(fragments.count == 2, "the fragment of entry 1238, old and new")
    #expect(before.keys.filter { $0.hasPrefix("search/t-") }.count > 5)
  }

  @Test("a live site's index folds again only the texts an edit changed, and writes what a fresh index writes")
  func knownTerms() {
    let known = KnownSearchTerms()
    let entries = Self.entries(300)
    _ = SearchIndex(entries: entries, known: known).files
    #expect(known.folded == Set(entries.flatMap { [$0.title, $0.text + " " + $0.place] }).count)
    let edited = Self.entries(300) { $0 == 42 ? $1 + " Quartz" : $1 }
    let files = SearchIndex(entries: edited, known: known).files
    #expect(known.folded == 1, "only the edited title")
    #expect(files.map(\.path) == SearchIndex(entries: edited).files.map(\.path))
    #expect(files.map(\.data) == SearchIndex(entries: edited).files.map(\.data))
  }

  @Test(
    "a live site's index keeps the fragments whose entries an edit left alone, and writes what a fresh index writes",
    arguments: [0, 42, 299])
  func knownFragments(edit: Int) {
    let known = KnownSearchTerms()
    let first = SearchIndex(entries: Self.entries(300), known: known).files
    let edited = Self.entries(300) { $0 == edit ? $1 + " Quartz" : $1 }
    let files = SearchIndex(entries: edited, known: known).files
    #expect(files.map(\.path) == SearchIndex(entries: edited).files.map(\.path))
    #expect(files.map(\.data) == SearchIndex(entries: edited).files.map(\.data))
    // A kept fragment is the last rebuild's bytes themselves, not bytes encoded again.
    let storage = { (data: Data) in data.withUnsafeBytes { $0.baseAddress } }
    let last = Dictionary(uniqueKeysWithValues: first.map { ($0.path, storage($0.data)) })
    let fragments = files.filter { $0.path.hasPrefix("search/f") }
    #expect(fragments.count == 19)
    let kept = fragments.filter { last[$0.path] != nil && last[$0.path] == storage($0.data) }
    #expect(kept.count == 18, "all but the fragment of entry \(edit)")
  }

  @Test("an index folded in parts, on all cores, has the bytes of one folded in a single pass")
  func parts() {
    let entries = Self.entries(2000)
    let single = SearchIndex(entries: entries, part: entries.count).files
    #expect(single.count > 100)
    for part in [1, 7, 333, 512] {
      let known = KnownSearchTerms()
      let files = SearchIndex(entries: entries, known: known, part: part).files
      #expect(files.map(\.path) == single.map(\.path), "parts of \(part)")
      #expect(files.map(\.data) == single.map(\.data), "parts of \(part)")
      // "Album 3" is the text of entries in several parts: one text, folded once as far as the count goes.
      #expect(known.folded == Set(entries.flatMap { [$0.title, $0.text + " " + $0.place] }).count)
    }
  }
}
