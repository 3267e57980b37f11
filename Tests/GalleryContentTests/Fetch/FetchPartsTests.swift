import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

@Suite("fetch: sources, paging, image checks and the JSON writer")
struct FetchPartsTests {
  @Test("sources: defaults, and each bad value a located error that leaves its source out")
  func readSources() throws {
    let (defaults, none) = try FetchSources.parsed(
      "sources:\n  thecatapi:\n  facts:\n    url: https://catfact.ninja/facts\n")
    #expect(none.isEmpty)
    #expect(defaults.catAPI == FetchSources.CatAPI())
    #expect(defaults.catAPI?.baseURL.absoluteString == "https://api.thecatapi.com/v1")
    #expect(defaults.facts?.url.absoluteString == "https://catfact.ninja/facts")

    let cases: [(String, String)] = [
      (
        "sources:\n  thecatapi:\n    photos_per_breed: 101\n",
        "content/site.yml:3:23: error: photos_per_breed must be from 0 to 100, found 101"
      ),
      (
        "sources:\n  restdb:\n    url: http://example.com/rest/cats\n",
        "content/site.yml:3:10: error: url of sources.restdb must be an https URL (plain http only to this machine), found \"http://example.com/rest/cats\""
      ),
      (
        "sources:\n  thecatapi:\n    api_key_env: live_9f8e7d6c5b\n    base_url: https://x.example\n",
        ""
      ),
      (
        "sources:\n  restdb:\n    url: https://db.example/rest/cats\n    api_key_env: 5b1e-secret-key\n",
        "content/site.yml:4:18: error: api_key_env of sources.restdb must name an environment variable (letters, digits and _), not hold the key"
      ),
      (
        "sources:\n  thecatpi: {}\n",
        "content/site.yml:2:13: warning: unknown source \"thecatpi\" in site.yml (use thecatapi, restdb, facts)"
      ),
    ]
    for (yaml, expected) in cases {
      let (sources, lines) = try FetchSources.parsed(yaml)
      #expect(lines == (expected.isEmpty ? [] : [expected]), "\(yaml)")
      if expected.contains("error") { #expect(sources.isEmpty, "\(yaml)") }
    }
    // The key-shaped value is never echoed.
    let (_, lines) = try FetchSources.parsed(
      "sources:\n  restdb:\n    url: https://d.example/c\n    api_key_env: 5b1e-secret\n")
    #expect(!lines.joined().contains("5b1e-secret"))
  }

  @Test("another page of images exists by Pagination-Count, else while pages come back full")
  func paging() {
    let url = URL.literal("https://api.example.invalid/v1/images/search")
    func response(_ headers: [(String, String)]) -> NetworkResponse {
      NetworkResponse(status: 200, headers: headers.map { HTTPHeader($0.0, $0.1) }, url: url)
    }
    let counted = response([("Pagination-Count", "12"), ("Pagination-Limit", "5")])
    #expect(CatAPIFetch.hasPage(1, after: counted, returned: 5, limit: 5))
    #expect(CatAPIFetch.hasPage(2, after: counted, returned: 5, limit: 5))
    #expect(!CatAPIFetch.hasPage(3, after: counted, returned: 2, limit: 5))
    #expect(!CatAPIFetch.hasPage(1, after: response([("Pagination-Count", "5")]), returned: 5, limit: 5))
    #expect(CatAPIFetch.hasPage(1, after: response([]), returned: 5, limit: 5))
    #expect(!CatAPIFetch.hasPage(1, after: response([]), returned: 4, limit: 5))
    #expect(!CatAPIFetch.hasPage(1, after: counted, returned: 0, limit: 5))
  }

  @Test("a download is an image by its first bytes, and complete by its last")
  func imageChecks() throws {
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 0xFF, 0xD9])
    #expect(ImageFormat.sniff(jpeg) == .jpeg)
    #expect(ImageFormat.jpeg.isComplete(jpeg))
    #expect(!ImageFormat.jpeg.isComplete(jpeg.dropLast(2)))
    #expect(ImageFormat.sniff(Data("<!doctype html>".utf8)) == nil)
    #expect(ImageFormat.sniff(Data("GIF89a".utf8)) == .gif)
    #expect(ImageFormat.sniff(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)) == .webp)
    let png =
      Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]) + Data("IEND".utf8) + Data([1, 2, 3, 4])
    #expect(ImageFormat.sniff(png) == .png)
    #expect(ImageFormat.png.isComplete(png))
    #expect(!ImageFormat.png.isComplete(png.dropLast(6)))
  }

  @Test("fetched JSON is written with its keys in order, escaped, and reads back the same")
  func jsonWriter() throws {
    let text = #"[{"b": 1, "a": [true, null, 2.5, "q\"\\\n\u0001é"], "e": {}, "f": []}]"#
    let node = try JSONReader.parse(Data(text.utf8), file: "x.json")
    let written = JSONWriter.data(node)
    #expect(
      String(decoding: written, as: UTF8.self) == """
        [
          {
            "b": 1,
            "a": [
              true,
              null,
              2.5,
              "q\\"\\\\\\n\\u0001é"
            ],
            "e": {},
            "f": []
          }
        ]

        """)
    // Written again, it gives the same bytes: a run with nothing new rewrites nothing.
    #expect(JSONWriter.data(try JSONReader.parse(written, file: "x.json")) == written)
  }

  @Test("photo names come from the API's id, made safe, and stay unique within a folder")
  func names() {
    let url = URL.literal("https://cdn.example.invalid/a.jpg")
    #expect(
      RemotePhoto(folder: "cats", id: "5db709f647f577a9d7de2a1b", source: "restdb", url: url).name
        == "5db709f647f577a9d7de2a1b")
    #expect(RemotePhoto(folder: "cats", id: "../../etc/passwd", source: "restdb", url: url).name == "etc-passwd")
    #expect(RemotePhoto(folder: "cats", id: "…", source: "restdb", url: url).name == "item")
    let photos = [
      RemotePhoto(folder: "breeds/abys", id: "Ab c", source: "thecatapi", url: url),
      RemotePhoto(
        folder: "breeds/abys", id: "ab-c", source: "thecatapi", url: URL.literal("https://cdn.example.invalid/b.jpg")),
      RemotePhoto(folder: "breeds/abys", id: "Ab c", source: "thecatapi", url: url),
    ]
    #expect(ContentFetch.uniquelyNamed(photos).map(\.name) == ["ab-c", "ab-c-2"])
  }

  @Test("a manifest entry that points above content/photos/ is left out with a warning, so fetch never removes it")
  func hostileManifest() throws {
    let text = """
      {"photos": [
        {"file": "breeds/abys/ok.jpg", "source": "thecatapi", "url": "https://x.example/ok.jpg"},
        {"file": "/etc/passwd", "source": "thecatapi", "url": "https://x.example/a.jpg"},
        {"file": "breeds/../../../content/cats.json", "source": "thecatapi", "url": "https://x.example/b.jpg"},
        {"file": "breeds//x.jpg", "source": "thecatapi", "url": "https://x.example/c.jpg"}
      ]}
      """
    var diagnostics = DiagnosticCollector()
    let manifest = PhotoManifest.read(
      try JSONReader.parse(Data(text.utf8), file: "content/photos/SOURCES.json"), diagnostics: &diagnostics)
    #expect(manifest.photos.map(\.file) == ["breeds/abys/ok.jpg"])
    #expect(diagnostics.list.count == 3)
    #expect(diagnostics.list.allSatisfy { $0.severity == .warning })
  }

  @Test("paging numbers a hostile server sends are bounded: no overflow, no endless paging")
  func hostilePaging() async throws {
    let url = URL.literal("https://api.example.invalid/v1/images/search")
    let huge = NetworkResponse(
      status: 200,
      headers: [HTTPHeader("Pagination-Count", "\(Int.max)"), HTTPHeader("Pagination-Limit", "\(Int.max / 2)")],
      url: url)
    #expect(CatAPIFetch.hasPage(1, after: huge, returned: 1, limit: 5))
    #expect(!CatAPIFetch.hasPage(1000, after: huge, returned: 1, limit: 5))

    let facts = "https://facts.example.invalid/facts"
    for (current, last) in [(Int.max, Int.max), (-Int.max, 3)] {
      var script: [String: [FakeHTTPTransport.Outcome]] = [
        facts: [.ok("{\"current_page\": \(current), \"last_page\": \(last), \"data\": [{\"fact\": \"one\"}]}")]
      ]
      let pages = current < 0 ? [2, 3] : []
      for page in pages { script[facts + "?page=\(page)"] = [.ok("{\"data\": [{\"fact\": \"fact \(page)\"}]}")] }
      let transport = FakeHTTPTransport(script)
      let client = FetchClient(transport: transport, previous: ResponseCache(), sleep: { _ in })
      let node = try await FactsFetch(source: .init(url: URL.literal(facts)), client: client).facts()
      #expect(node["data"]?.array?.count == 1 + pages.count)
      #expect(transport.unused == 0)
    }
  }
}
