import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

/// A codec for downloaded "photos": bytes that start like a JPEG and end
/// like one read as a 1200×800 JPEG; anything else is unreadable.
private struct JPEGShapedCodec: ImageCodec {
  let fileSystem: FileSystem

  func header(of path: String) throws(ImageError) -> ImageHeader {
    guard let data = try? fileSystem.contents(of: path), ImageFormat.sniff(data) == .jpeg else {
      throw ImageError("not a readable image")
    }
    return ImageHeader(storedWidth: 1200, storedHeight: 800, orientation: 1, hasAlpha: false, format: "jpeg")
  }

  func render(source: String, run: ResizeChain.Run) throws(ImageError) -> RenderedPhoto {
    throw ImageError("not used")
  }
}

@Suite("fetch: a whole run in memory, against a scripted API")
struct ContentFetchTests {
  static let base = "https://api.example.invalid/v1"

  /// A JPEG-shaped body, distinct per `seed`.
  static func jpeg(_ seed: String) -> Data {
    Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(seed.utf8) + Data([0xFF, 0xD9])
  }

  /// Two breeds, each with a reference image and one more in the search.
  static func script(breedsStatus: Int = 200, photo: FakeHTTPTransport.Outcome? = nil) -> [String: [FakeHTTPTransport
    .Outcome]]
  {
    let breeds = """
      [{"id": "abys", "name": "Abyssinian", "reference_image_id": "ref1"},
       {"id": "beng", "name": "Bengal", "reference_image_id": "ref2"}]
      """
    var script: [String: [FakeHTTPTransport.Outcome]] = [
      "\(base)/breeds": [
        .response(
          status: breedsStatus,
          headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("ETag", "\"b1\"")],
          body: Data(breeds.utf8))
      ]
    ]
    for (breed, reference) in [("abys", "ref1"), ("beng", "ref2")] {
      let image = { (id: String) in
        "{\"id\": \"\(id)\", \"url\": \"https://cdn.example.invalid/\(id).jpg\", \"width\": 1200, \"height\": 800}"
      }
      script["\(base)/images/\(reference)"] = [.ok(image(reference), headers: [HTTPHeader("ETag", "\"\(reference)\"")])]
      script["\(base)/images/search?breed_ids=\(breed)&limit=2&page=0&order=ASC"] = [
        .ok(
          "[\(image(reference)), \(image(breed + "2"))]",
          headers: [HTTPHeader("Pagination-Count", "2"), HTTPHeader("ETag", "\"s-\(breed)\"")])
      ]
      for id in [reference, breed + "2"] {
        script["https://cdn.example.invalid/\(id).jpg"] = [
          photo ?? .response(status: 200, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: jpeg(id))
        ]
      }
    }
    return script
  }

  static func site() throws -> TestSite {
    try TestSite(
      files: [
        "content/site.yml": """
        sources:
          thecatapi:
            base_url: \(base)
            photos_per_breed: 2
        """,
        "content/photos/breeds/abys/mine.jpg": "my own photo",
      ], inMemory: true)
  }

  static func run(
    _ site: TestSite, _ transport: FakeHTTPTransport, dryRun: Bool = false, maxFileBytes: Int? = nil
  ) async -> FetchReport {
    var options = FetchOptions(siteRoot: site.root)
    options.dryRun = dryRun
    // The stand-in's photo host is not looked up.
    options.environment = [AddressPolicy.testOnlySwitch: "1"]
    var fetch = ContentFetch(
      fileSystem: site.fileSystem, codec: JPEGShapedCodec(fileSystem: site.fileSystem), transport: transport,
      sleep: { _ in })
    if let maxFileBytes { fetch.maxFileBytes = maxFileBytes }
    return await fetch.run(options)
  }

  @Test("a run that succeeds writes breeds.json, the photos (cover first in the manifest) and nothing else")
  func coldRun() async throws {
    let site = try Self.site()
    let transport = FakeHTTPTransport(Self.script())
    let report = await Self.run(site, transport)
    #expect(report.succeeded, "\(report.diagnostics)")
    #expect(transport.unused == 0)
    let content = site.files(under: "content")
    #expect(
      Set(content.keys) == [
        "site.yml", "breeds.json", "photos/SOURCES.json", "photos/breeds/abys/mine.jpg", "photos/breeds/abys/ref1.jpg",
        "photos/breeds/abys/abys2.jpg", "photos/breeds/beng/ref2.jpg", "photos/breeds/beng/beng2.jpg",
      ])
    #expect(content["photos/breeds/abys/ref1.jpg"] == Self.jpeg("ref1"))
    let manifest = try #require(site.read("content/photos/SOURCES.json"))
    let files = try JSONDecoder().decode(PhotoManifest.self, from: Data(manifest.utf8)).photos.map(\.file)
    #expect(
      files == [
        "breeds/abys/ref1.jpg", "breeds/abys/abys2.jpg", "breeds/beng/ref2.jpg", "breeds/beng/beng2.jpg",
      ])
  }

  @Test("the same run again asks with validators, downloads nothing and changes no file")
  func secondRun() async throws {
    let site = try Self.site()
    _ = await Self.run(site, FakeHTTPTransport(Self.script()))
    let before = site.files(under: "")
    var script: [String: [FakeHTTPTransport.Outcome]] = [:]
    for url in Self.script().keys where !url.contains("cdn.example") { script[url] = [.status(304)] }
    let transport = FakeHTTPTransport(script)
    let report = await Self.run(site, transport)
    #expect(report.succeeded, "\(report.diagnostics)")
    #expect(report.changes.isEmpty)
    #expect(report.notModified == 5)
    #expect(transport.requests.allSatisfy { $0.headers.value(of: "If-None-Match") != nil })
    #expect(site.files(under: "") == before)
  }

  @Test("a document larger than the build reads is refused before anything is written")
  func overTheBuildsLimit() async throws {
    let site = try Self.site()
    let before = site.files(under: "content")
    let report = await Self.run(site, FakeHTTPTransport(Self.script()), maxFileBytes: 100)
    #expect(!report.succeeded)
    #expect(
      report.diagnostics.filter { $0.severity == .error }.map(\.description).contains {
        $0.hasPrefix("content/breeds.json: error: the answer would make this file ")
          && $0.hasSuffix(" bytes, over the 100 bytes the build reads; not written")
      }, "\(report.diagnostics)")
    #expect(site.files(under: "content") == before)
  }

  @Test("one photo that is not an image fails the run, and content/ is exactly as it was")
  func allOrNothing() async throws {
    let site = try Self.site()
    let before = site.files(under: "content")
    let html = FakeHTTPTransport.Outcome.response(
      status: 200, headers: [HTTPHeader("Content-Type", "image/jpeg")], body: Data("<html>".utf8))
    var script = Self.script()
    script["https://cdn.example.invalid/beng2.jpg"] = [html]
    let report = await Self.run(site, FakeHTTPTransport(script))
    #expect(!report.succeeded)
    #expect(
      report.diagnostics.map(\.description) == [
        "https://cdn.example.invalid/beng2.jpg: error: not an image: its content is no JPEG, PNG, WebP, GIF, TIFF or HEIF"
      ])
    #expect(site.files(under: "content") == before)
    #expect(!report.wrote)
  }

  @Test("a dry run reports every new file and writes nothing, not even the cache")
  func dryRun() async throws {
    let site = try Self.site()
    let before = site.files(under: "")
    var script = Self.script()
    for url in script.keys where url.contains("cdn.example") { script[url] = nil }
    let report = await Self.run(site, FakeHTTPTransport(script), dryRun: true)
    #expect(report.succeeded, "\(report.diagnostics)")
    #expect(
      report.changes.map { "\($0.kind) \($0.file)" } == [
        "new content/breeds.json", "new content/photos/SOURCES.json", "new content/photos/breeds/abys/abys2.jpg",
        "new content/photos/breeds/abys/ref1.jpg", "new content/photos/breeds/beng/beng2.jpg",
        "new content/photos/breeds/beng/ref2.jpg",
      ])
    #expect(site.files(under: "") == before)
  }

  @Test("a breeds answer the build would refuse is refused at its URL, before anything is written")
  func modelChecksTheAnswer() async throws {
    let site = try Self.site()
    var script = Self.script()
    script["\(Self.base)/breeds"] = [.ok("[{\"id\": \"a b\", \"name\": \"Spacey\"}]")]
    let report = await Self.run(site, FakeHTTPTransport(script))
    #expect(
      report.diagnostics.map(\.description) == [
        "\(Self.base)/breeds:1:9: error: breed id \"a b\" must contain only letters, digits and dashes"
      ])
    #expect(site.read("content/breeds.json") == nil)
  }
}
