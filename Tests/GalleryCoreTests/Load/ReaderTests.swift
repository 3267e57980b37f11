import Foundation
import Testing

@testable import GalleryCore

@Suite("Readers")
struct ReaderTests {
  func json(_ text: String) throws(DiagnosticsError) -> Node {
    try JSONReader.parse(Data(text.utf8), file: "f.json")
  }

  func jsonError(_ text: String) -> String? {
    do {
      _ = try json(text)
      return nil
    } catch {
      return error.diagnostics.first?.description
    }
  }

  @Test("JSON values carry line and column")
  func jsonPositions() throws {
    let node = try json("[\n  {\"a\": 1,\n   \"b\": \"x\"}\n]")
    let object = try #require(node.array?.first)
    #expect(object.location.line == 2 && object.location.column == 3)
    #expect(object["b"]?.location.line == 3)
    #expect(object["b"]?.location.column == 9)
    #expect(object["a"]?.value == .integer(1))
  }

  @Test(
    "JSON syntax errors point at the problem",
    arguments: [
      ("[1, 2,]", "f.json:1:7: error: trailing comma before ']'"),
      ("{\"a\": 1,}", "f.json:1:9: error: trailing comma before '}'"),
      ("{\"a\" 1}", "f.json:1:6: error: expected ':' after key \"a\""),
      ("[\n\"open", "f.json:2:1: error: unterminated string (no closing quote)"),
      ("", "f.json:1:1: error: file is empty; expected JSON"),
      ("[01]", "f.json:1:4: error: numbers may not have leading zeros"),
      ("[1] x", "f.json:1:5: error: unexpected text after the JSON value"),
      ("{'a': 1}", "f.json:1:2: error: expected a quoted key"),
    ])
  func jsonErrors(_ input: String, _ expected: String) {
    #expect(jsonError(input) == expected)
  }

  @Test("JSON strings decode escapes and surrogate pairs")
  func jsonStrings() throws {
    let node = try json(#"["a\"b\\c\u00e9\ud83d\ude00 \n"]"#)
    #expect(node.array?.first?.value == .string("a\"b\\cé😀 \n"))
  }

  @Test("XML plists keep the line of every value")
  func plistLines() throws {
    let text =
      "<plist version=\"1.0\">\n<array>\n  <dict>\n    <key>n</key>\n    <integer>7</integer>\n  </dict>\n</array>\n</plist>\n"
    let node = try PlistReader.parse(Data(text.utf8), file: "p.plist")
    let entry = try #require(node.array?.first)
    #expect(entry.location.line == 3)
    #expect(entry["n"]?.value == .integer(7))
    #expect(entry["n"]?.location.line == 5)
  }

  @Test("binary plists decode with key paths instead of lines")
  func binaryPlist() throws {
    let object: [Any] = [["name": "Ohiopyle", "photos": [["imageName": "a", "caption": "b"]]]]
    let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
    let node = try PlistReader.parse(data, file: "p.plist")
    let photo = try #require(node.array?.first?["photos"]?.array?.first)
    #expect(photo["caption"]?.value == .string("b"))
    #expect(photo["caption"]?.location.keyPath == "[0].photos[0].caption")
    #expect(photo.location.line == nil)
  }

  @Test("YAML values carry lines, shifted for front matter")
  func yamlLines() throws {
    let node = try YAMLReader.parse("title: Cats\nimages:\n  thumbnail: 200\n", file: "s.yml", lineOffset: 1)
    #expect(node["images"]?["thumbnail"]?.value == .integer(200))
    #expect(node["images"]?["thumbnail"]?.location.line == 4)
    #expect(node["title"]?.value == .string("Cats"))
  }

  @Test(
    "slugs are lowercase ASCII with dashes",
    arguments: [
      ("Hocking Hills", "hocking-hills"), ("Café #1?", "cafe-1"), ("  ", "item"),
      ("Norwegian Forest Cat", "norwegian-forest-cat"), ("Tomás O’Byrne", "tomas-o-byrne"),
    ])
  func slugs(_ input: String, _ expected: String) {
    #expect(Slug.make(input) == expected)
  }

  @Test(
    "a long caption is cut at a word within the limit for a link; a short one stays whole",
    arguments: [
      ("Lower falls", 80, "Lower falls"), ("The harbour at dusk, again and again", 20, "The harbour at dusk…"),
      ("Boats, boats", 8, "Boats…"), (String(repeating: "x", count: 30), 10, String(repeating: "x", count: 10) + "…"),
    ])
  func short(_ input: String, _ limit: Int, _ expected: String) {
    #expect(Text.short(input, limit: limit) == expected)
  }

  @Test(
    "ranges get an en dash and single spaces", arguments: [("7  -  10", "7–10"), ("14 - 15", "14–15"), ("12", "12")])
  func ranges(_ input: String, _ expected: String) {
    #expect(Text.range(input) == expected)
  }

  @Test("ISO-8601 birth dates with and without fractional seconds")
  func dates() {
    #expect(SiteBuilder.parseISO8601("2015-03-12T08:21:44.000Z") != nil)
    #expect(SiteBuilder.parseISO8601("2015-03-12T08:21:44Z") != nil)
    #expect(SiteBuilder.parseISO8601("12/03/2015") == nil)
  }
}
