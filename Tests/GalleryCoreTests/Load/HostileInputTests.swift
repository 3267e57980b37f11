import Foundation
import TestSupport
import Testing

@testable import GalleryCore

/// Hostile input (issue 11): deep nesting, alias bombs and huge text fields each
/// end in a located error and a failed build, never a crash, a hang or gigabytes.
@Suite("Hostile input")
struct HostileInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String]
    var expected: [String]
    var testDescription: String { name }
  }

  /// Builds the minimal site with `files` replaced and checks the exact diagnostics.
  private func expectFailure(_ files: [String: String], _ expected: [String]) throws {
    let site = try MinimalSite.make(replacing: files, inMemory: true)
    let report = site.build()
    #expect(TestSite.lines(report) == expected)
    #expect(!report.succeeded)
  }

  // MARK: nesting depth (item 5)

  static func nestedPlist(_ depth: Int) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n"
      + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth) + "\n</plist>\n"
  }

  static let depthCases: [Case] = [
    Case(
      name: "XML plist 50,000 arrays deep",
      files: ["content/parks.plist": nestedPlist(50_000)],
      expected: ["content/parks.plist:3: error: property list nested deeper than 512 levels"]),
    Case(
      name: "XML plist 513 arrays deep",
      files: ["content/categories.plist": nestedPlist(513)],
      expected: ["content/categories.plist:3: error: property list nested deeper than 512 levels"]),
    Case(
      // libyaml stops at 1,000 levels and reports where the outer sequence began.
      name: "site.yml 50,000 flow sequences deep",
      files: ["content/site.yml": "title: Cats\nimages: " + String(repeating: "[", count: 50_000)],
      expected: ["content/site.yml:2:10: error: YAML nested deeper than 512 levels"]),
    Case(
      name: "site.yml 600 flow sequences deep",
      files: [
        "content/site.yml": "title: Cats\nimages: " + String(repeating: "[", count: 600)
          + String(repeating: "]", count: 600) + "\n"
      ],
      expected: ["content/site.yml:2:520: error: YAML nested deeper than 512 levels"]),
    Case(
      name: "front matter 50,000 block sequences deep",
      files: [
        "content/notes/abys.md": "---\ntitle: Deep\nlist:\n" + String(repeating: "- ", count: 50_000)
          + "x\n---\nText.\n"
      ],
      expected: ["content/notes/abys.md:4:1999: error: YAML nested deeper than 512 levels"]),
  ]

  @Test("deep nesting is a located error, not a stack overflow", arguments: depthCases)
  func depth(_ testCase: Case) throws {
    try expectFailure(testCase.files, testCase.expected)
  }

  @Test("a binary plist nested deeper than 512 levels is an error, so is one that refers to itself")
  func binaryPlistDepth() throws {
    // 512 levels is the deepest accepted, as in JSON. Foundation itself refuses
    // binary plists deeper than 513 levels, with its own less specific error.
    #expect(throws: Never.self) { try PlistReader.parse(BinaryPlist.nestedArrays(512), file: "p.plist") }
    #expect(throws: Never.self) { try PlistReader.parse(Data(Self.nestedPlist(512).utf8), file: "p.plist") }
    for depth in [513, 514, 50_000] {
      #expect(throws: DiagnosticsError.self) {
        try PlistReader.parse(BinaryPlist.nestedArrays(depth), file: "p.plist")
      }
    }
    let site = try MinimalSite.make(inMemory: true)
    try site.write("content/parks.plist", data: BinaryPlist.nestedArrays(513))
    try site.write("content/categories.plist", data: BinaryPlist.cycle())
    let report = site.build()
    #expect(
      TestSite.lines(report) == [
        "content/categories.plist: error: malformed binary property list",
        "content/parks.plist: error: property list nested deeper than 512 levels",
      ])
    #expect(!report.succeeded)
  }

  // MARK: crashes the fuzzers found

  static let fuzzCases: [(name: String, bytes: [UInt8], expected: String)] = [
    (
      "element name that is not UTF-8",
      Array("<plist>\n<array><a".utf8) + [0xFF, 0xFF] + Array("/></array></plist>".utf8),
      "content/parks.plist:2: error: property list is not valid UTF-8"
    ),
    (
      "processing instruction without data", Array("<?xml version=\"1.0\"?>\n<plist><?a?><array/></plist>".utf8),
      "content/parks.plist:2: error: processing instruction without data (<?name?>) in a property list"
    ),
    (
      "binary plist holding a set",
      Array("bplist00".utf8) + [0xC1, 0x01, 0x10, 0x07, 0x08, 0x0A] + [UInt8](repeating: 0, count: 6)
        + [1, 1] + [0, 0, 0, 0, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 12],
      "content/parks.plist: error: malformed binary property list"
    ),
  ]

  @Test("inputs that crashed Foundation's plist readers under the fuzzer are errors", arguments: fuzzCases)
  func fuzzFinds(_ testCase: (name: String, bytes: [UInt8], expected: String)) throws {
    let site = try MinimalSite.make(inMemory: true)
    try site.write("content/parks.plist", data: Data(testCase.bytes))
    let report = site.build()
    #expect(TestSite.lines(report) == [testCase.expected])
    #expect(!report.succeeded)
  }

  // MARK: alias bombs (item 6)

  /// The classic "billion laughs": nine levels of nine aliases each, about 300 bytes.
  static let bomb = """
    a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
    b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
    c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
    d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
    e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
    f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
    g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
    h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
    i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
    """

  static let bombCases: [Case] = [
    Case(
      name: "billion laughs in site.yml",
      files: ["content/site.yml": bomb + "\n"],
      expected: [
        "content/site.yml:5:8: error: alias *d takes the YAML past 10000 values after expansion (the limit against alias bombs)"
      ]),
    Case(
      name: "billion laughs in a note's front matter",
      files: ["content/notes/abys.md": "---\n" + bomb + "\n---\nText.\n"],
      expected: [
        "content/notes/abys.md:6:8: error: alias *d takes the YAML past 10000 values after expansion (the limit against alias bombs)"
      ]),
  ]

  @Test("a YAML alias bomb stops at the alias that exceeds the budget", arguments: bombCases)
  func aliasBomb(_ testCase: Case) throws {
    try expectFailure(testCase.files, testCase.expected)
  }

  @Test("ordinary anchors and aliases still work")
  func ordinaryAliases() throws {
    let yaml = "base: &base [320, 640]\nimages:\n  widths: *base\nmore: [*base, *base]\n"
    let node = try YAMLReader.parse(yaml, file: "site.yml")
    #expect(node["images"]?["widths"]?.array?.count == 2)
    #expect(node["more"]?.array?.count == 2)
  }

  // MARK: text length (item 8)

  static func long(_ count: Int) -> String { String(repeating: "m", count: count) }

  static let lengthCases: [Case] = [
    Case(
      // libxml2 itself refuses text nodes over 10,000,000 bytes.
      name: "5 MB caption",
      files: [
        "content/parks.plist": MinimalSite.parks.replacingOccurrences(of: "Cucumber Falls", with: long(5_000_000))
      ],
      expected: [
        "content/parks.plist:14: error: caption of photo 1 of park \"Ohiopyle\" is 5000000 characters long; the limit is 2000"
      ]),
    Case(
      name: "10 MB site title: the file is over its size limit",
      files: ["content/site.yml": "title: " + long(10_485_760) + "\n"],
      expected: ["content/site.yml: error: file is 10485768 bytes; the limit is 1048576"]),
    Case(
      name: "site title",
      files: ["content/site.yml": "title: " + long(500_000) + "\n"],
      expected: ["content/site.yml:1:8: error: title of site.yml is 500000 characters long; the limit is 200"]),
    Case(
      name: "site description",
      files: ["content/site.yml": "title: Cats\ndescription: \"" + long(10_001) + "\"\n"],
      expected: ["content/site.yml:2:14: error: description of site.yml is 10001 characters long; the limit is 10000"]),
    Case(
      name: "park name",
      files: ["content/parks.plist": MinimalSite.parks.replacingOccurrences(of: "Ohiopyle", with: long(201))],
      expected: ["content/parks.plist:7: error: name of park 1 is 201 characters long; the limit is 200"]),
    Case(
      name: "category title",
      files: ["content/categories.plist": MinimalSite.categories.replacingOccurrences(of: "Sleepy", with: long(201))],
      expected: [
        "content/categories.plist:6: error: CategoryTitle of category 1 is 201 characters long; the limit is 200"
      ]),
    Case(
      name: "category description",
      files: [
        "content/categories.plist": MinimalSite.categories.replacingOccurrences(
          of: "<key>ImageNames</key>",
          with: "<key>CategoryDescription</key><string>\(long(10_001))</string>\n<key>ImageNames</key>")
      ],
      expected: [
        "content/categories.plist:7: error: CategoryDescription of category \"Sleepy\" is 10001 characters long; the limit is 10000"
      ]),
    Case(
      name: "cat name",
      files: ["content/cats.json": MinimalSite.cats.replacingOccurrences(of: "Felis catus", with: long(201))],
      expected: ["content/cats.json:4:16: error: catName of cat 1 is 201 characters long; the limit is 200"]),
    Case(
      name: "cat owner",
      files: ["content/cats.json": MinimalSite.cats.replacingOccurrences(of: "Ruth Hill", with: long(201))],
      expected: ["content/cats.json:5:18: error: ownerName of cat 1 is 201 characters long; the limit is 200"]),
    Case(
      name: "cat photo URL",
      files: [
        "content/cats.json": MinimalSite.cats.replacingOccurrences(
          of: "\"cat1\"", with: "\"https://example.com/\(long(2_001))\"")
      ],
      expected: [
        "content/cats.json:10:17: error: photoUrl of cat 1 is 2021 characters long; the limit is 2000",
        "content/photos/cat1.png: warning: photo is not used by any page",
      ]),
    Case(
      name: "breed name",
      files: ["content/breeds.json": MinimalSite.breeds.replacingOccurrences(of: "Abyssinian", with: long(201))],
      expected: ["content/breeds.json:4:13: error: name of breed \"abys\" is 201 characters long; the limit is 200"]),
    Case(
      name: "breed description",
      files: [
        "content/breeds.json": MinimalSite.breeds.replacingOccurrences(
          of: "\"origin\": \"Egypt\"", with: "\"description\": \"\(long(10_001))\"")
      ],
      expected: [
        "content/breeds.json:5:20: error: description of breed \"abys\" is 10001 characters long; the limit is 10000"
      ]),
    Case(
      name: "breed temperament",
      files: [
        "content/breeds.json": MinimalSite.breeds.replacingOccurrences(of: "Active, Energetic", with: long(1_001))
      ],
      expected: [
        "content/breeds.json:6:20: error: temperament of breed \"abys\" is 1001 characters long; the limit is 1000"
      ]),
    Case(
      name: "fact",
      files: ["content/facts.json": "{\"data\": [{\"fact\": \"\(long(2_001))\"}]}"],
      expected: ["content/facts.json:1:20: error: fact of fact 1 is 2001 characters long; the limit is 2000"]),
    Case(
      name: "one letter with 3,000 combining accents (one grapheme)",
      files: ["content/facts.json": "[\"A\(String(repeating: "\u{301}", count: 3_000))\"]"],
      expected: ["content/facts.json:1:2: error: fact 1 is 3001 characters long; the limit is 2000"]),
    Case(
      name: "fact in a plain array",
      files: ["content/facts.json": "[\"Cats purr.\",\n \"\(long(2_001))\"]"],
      expected: ["content/facts.json:2:2: error: fact 2 is 2001 characters long; the limit is 2000"]),
    Case(
      name: "note body",
      files: ["content/notes/abys.md": MinimalSite.note + "\n" + long(100_000) + "\n"],
      expected: ["content/notes/abys.md:4: error: note is 100025 bytes long; the limit is 100000"]),
    Case(
      name: "credits body",
      files: ["content/photos/CREDITS.md": "# Credits\n\n" + long(100_000) + "\n"],
      expected: ["content/photos/CREDITS.md:1: error: note is 100012 bytes long; the limit is 100000"]),
    Case(
      name: "front matter value",
      files: ["content/notes/abys.md": "---\ntitle: \(long(1_001))\n---\nText.\n"],
      expected: [
        "content/notes/abys.md:2:8: error: front matter \"title\" is 1001 characters long; the limit is 1000"
      ]),
  ]

  @Test("an over-long text field is a located error naming its length and limit", arguments: lengthCases)
  func length(_ testCase: Case) throws {
    try expectFailure(testCase.files, testCase.expected)
  }
}

/// Binary property lists built byte by byte, for shapes no encoder writes.
enum BinaryPlist {
  /// `depth` arrays, each holding the next; the innermost is empty.
  static func nestedArrays(_ depth: Int) -> Data {
    objects((0..<depth).map { $0 == depth - 1 ? [] : [$0 + 1] })
  }

  /// One array that holds itself.
  static func cycle() -> Data { objects([[0]]) }

  /// Arrays whose elements are references to other objects by index; object 0 is the root.
  private static func objects(_ arrays: [[Int]]) -> Data {
    var out = Data("bplist00".utf8)
    let referenceSize = arrays.count < 256 ? 1 : arrays.count < 65_536 ? 2 : 4
    var offsets: [Int] = []
    for items in arrays {
      offsets.append(out.count)
      precondition(items.count < 15)
      out.append(0xA0 | UInt8(items.count))
      for item in items { out.append(bigEndian(item, size: referenceSize)) }
    }
    let tableOffset = out.count
    for offset in offsets { out.append(bigEndian(offset, size: 4)) }
    out.append(Data(repeating: 0, count: 6))
    out.append(contentsOf: [4, UInt8(referenceSize)])
    out.append(bigEndian(arrays.count, size: 8))
    out.append(bigEndian(0, size: 8))
    out.append(bigEndian(tableOffset, size: 8))
    return out
  }

  private static func bigEndian(_ value: Int, size: Int) -> Data {
    Data((0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
  }
}
