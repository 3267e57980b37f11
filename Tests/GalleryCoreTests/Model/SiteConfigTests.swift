import Testing

@testable import GalleryCore

@Suite("Site settings")
struct SiteConfigTests {
  @Test(
    "a base URL is an absolute http(s) URL with a host, kept without trailing slashes",
    arguments: [
      ("https://example.org/cats/", "https://example.org/cats"),
      ("https://example.org//", "https://example.org"),
      ("http://example.org", "http://example.org"),
      ("HTTPS://Example.org/cats", "HTTPS://Example.org/cats"),
      ("example.org", nil),
      ("https://", nil),
      ("ftp://example.org", nil),
      ("/cats", nil),
    ] as [(String, String?)])
  func baseURL(text: String, expected: String?) {
    #expect(SiteConfig.baseURL(text) == expected)
  }

  @Test("unknown keys are warnings at their values, at the top and under images")
  func unknownKeys() throws {
    let yaml = "title: Cats\ntitel: Typo\nimages:\n  quality: 70\n  qualty: 71\n"
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(config.title == "Cats" && config.quality == 70)
    #expect(
      diagnostics.list.map(\.description) == [
        "content/site.yml:2:8: warning: unknown setting \"titel\" in site.yml",
        "content/site.yml:5:11: warning: unknown image setting \"qualty\" in site.yml",
      ])
  }

  @Test(
    "zip: is off by default; true zips the largest copies; a mode by name; anything else an error at its value",
    arguments: [
      ("title: Cats\n", nil, nil),
      ("zip: false\n", nil, nil),
      ("zip:\n", nil, nil),
      ("zip: true\n", ArchiveMode.largest, nil),
      ("zip: largest\n", .largest, nil),
      ("zip: Originals\n", .originals, nil),
      ("zip: all\n", nil, "content/site.yml:1:6: error: zip must be true, false, largest or originals; found \"all\""),
      ("zip: 3\n", nil, "content/site.yml:1:6: error: zip must be true, false, largest or originals; found an integer"),
    ] as [(String, ArchiveMode?, String?)])
  func zip(yaml: String, mode: ArchiveMode?, error: String?) throws {
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(config.zip == mode)
    #expect(diagnostics.list.map(\.description) == (error.map { [$0] } ?? []))
  }

  @Test(
    "sort: names an order, or nothing for each album's own; anything else is an error listing the orders",
    arguments: [
      ("title: Cats\n", nil, nil),
      ("sort:\n", nil, nil),
      ("sort: date\n", MediaOrder(.date), nil),
      ("sort: -name\n", MediaOrder(.name, reversed: true), nil),
      ("sort: Date desc\n", MediaOrder(.date, reversed: true), nil),
      ("sort: size\n", nil, "content/site.yml:1:7: error: sort must be name, date, -name or -date; found \"size\""),
      ("sort: [name]\n", nil, "content/site.yml:1:7: error: sort must be name, date, -name or -date; found an array"),
    ] as [(String, MediaOrder?, String?)])
  func sort(yaml: String, order: MediaOrder?, error: String?) throws {
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(config.sort == order)
    #expect(diagnostics.list.map(\.description) == (error.map { [$0] } ?? []))
  }

  @Test(
    "page_size: 100 by default; a whole number from 1 to 10000; anything else an error at its value",
    arguments: [
      ("title: Cats\n", 100, nil),
      ("page_size: 1\n", 1, nil),
      ("page_size: 250\n", 250, nil),
      ("page_size: 10000\n", 10000, nil),
      (
        "page_size: 0\n", 100, "content/site.yml:1:12: error: page_size must be a whole number from 1 to 10000; found 0"
      ),
      (
        "page_size: 10001\n", 100,
        "content/site.yml:1:12: error: page_size must be a whole number from 1 to 10000; found 10001"
      ),
      (
        "page_size: many\n", 100,
        "content/site.yml:1:12: error: \"page_size\" of site.yml must be an integer, found a string"
      ),
    ] as [(String, Int, String?)])
  func pageSize(yaml: String, size: Int, error: String?) throws {
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(config.pageSize == size)
    #expect(diagnostics.list.map(\.description) == (error.map { [$0] } ?? []))
  }

  @Test(
    "grid: square by default; square or justified; anything else an error at its value",
    arguments: [
      ("title: Cats\n", GridStyle.square, nil),
      ("grid:\n", .square, nil),
      ("grid: justified\n", .justified, nil),
      ("grid: Square\n", .square, nil),
      (
        "title: Cats\ngrid: masonry\n", .square,
        "content/site.yml:2:7: error: grid must be square or justified; found \"masonry\""
      ),
      ("grid: 3\n", .square, "content/site.yml:1:7: error: grid must be square or justified; found an integer"),
    ] as [(String, GridStyle, String?)])
  func grid(yaml: String, style: GridStyle, error: String?) throws {
    var diagnostics = DiagnosticCollector()
    let config = SiteConfig.read(try YAMLReader.parse(yaml, file: "content/site.yml"), diagnostics: &diagnostics)
    #expect(config.grid == style)
    #expect(diagnostics.list.map(\.description) == (error.map { [$0] } ?? []))
  }
}
