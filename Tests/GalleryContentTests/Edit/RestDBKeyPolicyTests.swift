import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

/// The restdb write-through of cat edits (the `cats` commands and the forms
/// under `serve`) asks `KeyPolicy` before it reads the key: a refused
/// variable or host is an error at the `api_key_env` line and no request is made.
@Suite("cat edits send the restdb key only where KeyPolicy allows")
struct RestDBKeyPolicyTests {
  static let secret = "aws-SECRET-never-sent"

  static func site(
    url: String, variable: String, allowing hosts: [String] = [], script: [String: [FakeHTTPTransport.Outcome]] = [:]
  ) throws -> RestDBWriteTests.Site {
    let fileSystem = MemoryFileSystem(files: [
      "/site/content/site.yml": "title: T\nsources:\n  restdb:\n    url: \(url)\n    api_key_env: \(variable)\n",
      "/site/content/breeds.json": MinimalSite.breeds,
      "/site/content/cats.json": RestDBWriteTests.cats,
    ])
    try fileSystem.createFolder("/site/content/photos")
    let transport = FakeHTTPTransport(script)
    var editor = ContentEditor(
      siteRoot: "/site", fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      now: Date(timeIntervalSince1970: 1_750_000_000))
    editor.allowedKeyHosts = hosts
    var network = EditNetwork(transport: transport, environment: [variable: secret])
    network.keyPolicy = KeyPolicy(allowing: hosts)
    return RestDBWriteTests.Site(fileSystem: fileSystem, transport: transport, editor: editor, network: network)
  }

  @Test(
    "a variable not named for catgallery, or a host not documented, is refused before any request",
    arguments: [
      ("https://mydb.restdb.io/rest/cats", "AWS_SECRET_ACCESS_KEY", "api_key_env names AWS_SECRET_ACCESS_KEY"),
      ("https://collector.example/rest/cats", "RESTDB_KEY", "would be sent to collector.example"),
    ])
  func refused(url: String, variable: String, expected: String) async throws {
    let site = try Self.site(url: url, variable: variable)
    let lines = await RestDBWriteTests.failure { () async throws(EditRefusal) in
      try await site.editor.removeCat(RestDBWriteTests.mochi, network: site.network)
    }
    #expect(lines.first?.hasPrefix("content/site.yml:5:18: error: ") == true, "\(lines)")
    #expect(lines.first?.contains(expected) == true, "\(lines)")
    #expect(lines.last == "note: content/cats.json was not changed")
    #expect(!lines.joined().contains(Self.secret))
    #expect(site.transport.requests.isEmpty)
    #expect(site.catsFile == RestDBWriteTests.cats)
  }

  @Test("--allow-key-host lets the key go to the host it names")
  func allowed() async throws {
    let url = "https://collector.example/rest/cats"
    let site = try Self.site(
      url: url, variable: "RESTDB_KEY", allowing: ["collector.example"],
      script: [
        "\(url)/\(RestDBWriteTests.mochi)": [
          RestDBWriteTests.json(200, "{\"result\": [\"\(RestDBWriteTests.mochi)\"]}")
        ]
      ])
    try await site.editor.removeCat(RestDBWriteTests.mochi, network: site.network)
    let request = try #require(site.transport.requests.first)
    #expect(request.url.host == "collector.example")
  }
}
