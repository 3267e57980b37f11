import Foundation
import TestSupport
import Testing

/// The broken-input table: each broken file gives exactly these diagnostics.
@Suite("Broken input")
struct ModelDiagnosticsTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String]
    var expected: [String]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "photo without caption",
      files: [
        "content/parks.plist": MinimalSite.parks.replacingOccurrences(of: "<key>caption</key>", with: "<key>note</key>")
      ],
      expected: ["content/parks.plist:10: error: photo 1 of park \"Ohiopyle\" has no caption"]),
    Case(
      name: "missing photo",
      files: ["content/parks.plist": MinimalSite.parks.replacingOccurrences(of: "falls1", with: "falls9")],
      expected: [
        "content/parks.plist:12: error: photo 1 of park \"Ohiopyle\" names image \"falls9\", which is not in content/photos/",
        "content/photos/falls1.jpg: warning: photo is not used by any page",
      ]),
    Case(
      name: "image name with a path",
      files: ["content/parks.plist": MinimalSite.parks.replacingOccurrences(of: "falls1", with: "../../etc/passwd")],
      expected: [
        "content/parks.plist:12: error: image name \"../../etc/passwd\" of photo 1 of park \"Ohiopyle\" must name a photo below content/photos/ (no '..', '\\' or leading '/')",
        "content/photos/falls1.jpg: warning: photo is not used by any page",
      ]),
    Case(
      name: "sections_path taken by another kind of page",
      files: ["content/site.yml": "sections_path: breeds\n"],
      expected: [
        "content/site.yml:1:16: error: sections_path must be a lowercase URL folder name (letters, digits and dashes) "
          + "other than assets, breeds, categories, cats, credits, facts, images, saved, search; found \"breeds\""
      ]),
    Case(
      name: "unclosed template section",
      files: ["templates/facts.mustache": "<p>\n{{#facts}}{{text}}\n"],
      expected: [
        "templates/facts.mustache:3:1: error: invalid template: a section is opened but never closed ({{/name}} is missing)"
      ]),
    Case(
      name: "unknown breedId",
      files: ["content/cats.json": MinimalSite.cats.replacingOccurrences(of: "\"abys\"", with: "\"zzzz\"")],
      expected: ["content/cats.json:6:16: error: cat 1 has unknown breedId \"zzzz\" (not in breeds.json)"]),
    Case(
      name: "rating out of range",
      files: ["content/cats.json": MinimalSite.cats.replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 7")],
      expected: ["content/cats.json:9:15: error: \"rating\" of cat 1 must be from 1 to 5, found 7"]),
    Case(
      name: "rating of the wrong type",
      files: [
        "content/cats.json": MinimalSite.cats.replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": \"4\"")
      ],
      expected: ["content/cats.json:9:15: error: \"rating\" of cat 1 must be an integer, found a string"]),
    Case(
      name: "birth date in the future",
      files: [
        "content/cats.json": MinimalSite.cats.replacingOccurrences(
          of: "2015-03-12T08:21:44.000Z", with: "2031-01-01T00:00:00Z")
      ],
      expected: ["content/cats.json:7:18: error: \"birthDate\" of cat 1 is in the future: 2031-01-01T00:00:00Z"]),
    Case(
      name: "birth date that is not a date",
      files: [
        "content/cats.json": MinimalSite.cats.replacingOccurrences(of: "2015-03-12T08:21:44.000Z", with: "last tuesday")
      ],
      expected: ["content/cats.json:7:18: error: \"birthDate\" of cat 1 is not an ISO-8601 date: \"last tuesday\""]),
    Case(
      name: "duplicate breed id",
      files: [
        "content/breeds.json": MinimalSite.breeds.replacingOccurrences(of: "\"id\": \"beng\"", with: "\"id\": \"abys\"")
      ],
      expected: ["content/breeds.json:12:10: error: duplicate breed id \"abys\" (first at line 3)"]),
    Case(
      name: "breed rating out of range",
      files: [
        "content/breeds.json": MinimalSite.breeds.replacingOccurrences(
          of: "\"adaptability\": 5", with: "\"adaptability\": 9")
      ],
      expected: ["content/breeds.json:9:21: error: \"adaptability\" of breed \"abys\" must be from 0 to 5, found 9"]),
    Case(
      name: "empty breed object",
      files: [
        "content/breeds.json": MinimalSite.breeds.replacingOccurrences(
          of: "  {\"id\": \"beng\"", with: "  {},\n  {\"id\": \"beng\"")
      ],
      expected: ["content/breeds.json:12:3: warning: breed 2 is empty; skipped"]),
    Case(
      name: "trailing comma in JSON",
      files: ["content/cats.json": "[\n  {\"catName\": \"Tom\"},\n]\n"],
      expected: ["content/cats.json:3:1: error: trailing comma before ']'"]),
    Case(
      name: "broken property list",
      files: [
        "content/categories.plist":
          "<plist version=\"1.0\">\n<array>\n  <dict>\n    <key>CategoryTitle</key>\n  </array>\n</plist>\n"
      ],
      expected: ["content/categories.plist:5: error: key \"CategoryTitle\" has no value"]),
    Case(
      name: "XML that is not well-formed",
      files: [
        "content/categories.plist": "<plist version=\"1.0\">\n<array>\n  <string>Sleepy</strin>\n</array>\n</plist>\n"
      ],
      expected: ["content/categories.plist:3: error: malformed property list: mismatched closing tag"]),
    Case(
      name: "facts in an unknown shape",
      files: ["content/facts.json": "{\"facts\": []}"],
      expected: [
        "content/facts.json:1:1: error: facts.json must be an array of facts or an object with a \"data\" array"
      ]),
    Case(
      name: "invalid YAML in site.yml",
      files: ["content/site.yml": "title: Cats\nimages:\n  widths: [320, 640\n"],
      expected: ["content/site.yml:4:1: error: invalid YAML: did not find expected ',' or ']'"]),
    Case(
      name: "insecure photo URL",
      files: [
        "content/cats.json": MinimalSite.cats.replacingOccurrences(
          of: "\"cat1\"", with: "\"http://placekitten.com/300/200\"")
      ],
      expected: [
        "content/cats.json:10:17: warning: photoUrl of cat 1 is not https; showing a placeholder (browsers block insecure images)",
        "content/photos/cat1.png: warning: photo is not used by any page",
      ]),
    Case(
      name: "raw HTML in notes",
      files: ["content/notes/abys.md": MinimalSite.note + "\n\n<script>alert(1)</script>\n"],
      expected: ["content/notes/abys.md:8:1: warning: raw HTML is not allowed in notes; it was left out"]),
  ]

  @Test("reports exactly", arguments: cases)
  func reports(_ testCase: Case) throws {
    let site = try MinimalSite.make(replacing: testCase.files, inMemory: true)
    let report = site.build()
    #expect(TestSite.lines(report) == testCase.expected)
    let hasErrors = testCase.expected.contains { $0.contains(": error: ") }
    #expect(report.succeeded == !hasErrors)
  }

  @Test("the minimal site builds without any diagnostic")
  func minimalSiteIsClean() throws {
    let report = try MinimalSite.make(inMemory: true).build(strict: true)
    #expect(TestSite.lines(report) == [])
    #expect(report.succeeded)
  }

  @Test("every problem is reported at once, not just the first")
  func collectsAll() throws {
    let cats = MinimalSite.cats.replacingOccurrences(of: "\"rating\": 4", with: "\"rating\": 0")
      .replacingOccurrences(of: "\"abys\"", with: "\"nope\"")
    let site = try MinimalSite.make(replacing: ["content/cats.json": cats], inMemory: true)
    try site.write("content/photos/broken.jpg", "not an image")
    let lines = TestSite.lines(site.build())
    #expect(lines.count == 3)
    #expect(lines.contains("content/photos/broken.jpg: error: cannot read image: not a readable image: unknown format"))
  }

  @Test("warnings fail the build only with --strict")
  func strictWarnings() throws {
    let breeds = MinimalSite.breeds.replacingOccurrences(of: "  {\"id\": \"beng\"", with: "  {},\n  {\"id\": \"beng\"")
    let site = try MinimalSite.make(replacing: ["content/breeds.json": breeds], inMemory: true)
    #expect(site.build().succeeded)
    #expect(!site.build(strict: true).succeeded)
  }

  @Test("two files for one image name is an error")
  func ambiguousName() throws {
    let site = try MinimalSite.make(inMemory: true)
    try site.photo("Falls1.PNG")
    let lines = TestSite.lines(site.build())
    #expect(
      lines == [
        "content/parks.plist:12: error: photo 1 of park \"Ohiopyle\" names image \"falls1\", which matches several files: content/photos/Falls1.PNG, content/photos/falls1.jpg",
        "content/photos/Falls1.PNG: warning: photo is not used by any page",
        "content/photos/falls1.jpg: warning: photo is not used by any page",
      ])
  }
}
