import Foundation
import Testing

@testable import GalleryKit

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
    let site = try MinimalSite.make(replacing: files)
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
    let site = try MinimalSite.make()
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
