import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryNetwork

/// Cat edits through restdb, in memory against a scripted transport: the
/// exact request, then cats.json changed to restdb's record after a 2xx and
/// left byte for byte as it was after anything else.
@Suite("cat edits write through to restdb")
struct RestDBWriteTests {
  static let collection = "https://mydb-1a2b.restdb.io/rest/cats"
  static let key = "restdb-SECRET-key-42"
  static let mochi = "5db709f647f577a9d7de2a1b"
  static let cats = """
    [
      {
        "_id": "5db709f647f577a9d7de2a1b",
        "catName": "Mochi",
        "ownerName": "Priya Raman",
        "breedId": "abys",
        "birthDate": "2019-04-17T09:12:33.000Z",
        "weightKg": 4.8,
        "rating": 5,
        "_created": "2019-10-28T15:32:06.412Z",
        "_changed": "2019-10-28T15:32:06.412Z"
      }
    ]

    """
  static let nimbus = [
    "name": "Nimbus", "owner": "Ada", "breed": "abys", "born": "2020-02-03", "weight": "4.0", "rating": "4",
  ]

  struct Site {
    let fileSystem: MemoryFileSystem
    let transport: FakeHTTPTransport
    let editor: ContentEditor
    let network: EditNetwork

    var catsFile: String {
      String(decoding: (try? fileSystem.contents(of: "/site/content/cats.json")) ?? Data(), as: UTF8.self)
    }
  }

  static func site(
    _ script: [String: [FakeHTTPTransport.Outcome]], environment: [String: String] = ["RESTDB_KEY": key]
  ) throws -> Site {
    let fileSystem = MemoryFileSystem(files: [
      "/site/content/site.yml":
        "title: T\nsources:\n  restdb:\n    url: \(collection)\n    api_key_env: RESTDB_KEY\n",
      "/site/content/breeds.json": MinimalSite.breeds,
      "/site/content/cats.json": cats,
    ])
    try fileSystem.createFolder("/site/content/photos")
    let transport = FakeHTTPTransport(script)
    let editor = ContentEditor(
      siteRoot: "/site", fileSystem: fileSystem, codec: FakeCodec(fileSystem: fileSystem),
      now: Date(timeIntervalSince1970: 1_750_000_000))
    let network = EditNetwork(transport: transport, environment: environment)
    return Site(fileSystem: fileSystem, transport: transport, editor: editor, network: network)
  }

  static func json(_ status: Int, _ body: String) -> FakeHTTPTransport.Outcome {
    .response(status: status, headers: [HTTPHeader("Content-Type", "application/json")], body: Data(body.utf8))
  }

  static func failure(_ body: () async throws(EditRefusal) -> Void) async -> [String] {
    do {
      try await body()
      return ["no failure"]
    } catch {
      return error.lines
    }
  }

  @Test("add: POST of the record without _id, then restdb's record appended, 4.0 spelled as entered")
  func add() async throws {
    let answer = """
      {"_id":"65a0c0ffee0000000000beef","catName":"Nimbus","ownerName":"Ada","breedId":"abys",\
      "birthDate":"2020-02-03T00:00:00.000Z","weightKg":4,"rating":4,"_created":"2025-06-15T15:06:40.000Z",\
      "_version":0}
      """
    let site = try Self.site([Self.collection: [Self.json(201, answer)]])
    let id = try await site.editor.addCat(Self.nimbus, network: site.network)
    #expect(id == "65a0c0ffee0000000000beef")
    let request = try #require(site.transport.requests.first)
    #expect(site.transport.requests.count == 1)
    #expect(request.method == .post && request.url.absoluteString == Self.collection)
    #expect(
      request.body
        == Data(
          #"{"catName":"Nimbus","ownerName":"Ada","breedId":"abys","birthDate":"2020-02-03T00:00:00.000Z","weightKg":4.0,"rating":4}"#
            .utf8))
    #expect(request.headers.map(\.name) == ["Accept", "Content-Type", "x-apikey"])
    #expect(request.headers.value(of: "content-type") == "application/json")
    let key = try #require(request.headers.first { $0.hasName("x-apikey") })
    #expect(key.value == Self.key && key.isSecret && key.variable == "RESTDB_KEY")
    let added = """
        },
        {
          "_id": "65a0c0ffee0000000000beef",
          "catName": "Nimbus",
          "ownerName": "Ada",
          "breedId": "abys",
          "birthDate": "2020-02-03T00:00:00.000Z",
          "weightKg": 4.0,
          "rating": 4,
          "_created": "2025-06-15T15:06:40.000Z",
          "_version": 0
        }
      ]

      """
    #expect(site.catsFile == Self.cats.replacingOccurrences(of: "  }\n]\n", with: added))
  }

  @Test("edit: PUT of the whole record with _id and without restdb's bookkeeping; only what restdb changed moves")
  func edit() async throws {
    let answer = """
      {"_id":"5db709f647f577a9d7de2a1b","catName":"Mochi","ownerName":"Priya Raman","breedId":"abys",\
      "birthDate":"2019-04-17T09:12:33.000Z","weightKg":4.8,"rating":3,"_created":"2019-10-28T15:32:06.412Z",\
      "_changed":"2025-06-15T15:06:40.000Z"}
      """
    let site = try Self.site(["\(Self.collection)/\(Self.mochi)": [Self.json(200, answer)]])
    try await site.editor.editCat(Self.mochi, ["rating": "3"], network: site.network)
    let request = try #require(site.transport.requests.first)
    #expect(request.method == .put && request.url.absoluteString == "\(Self.collection)/\(Self.mochi)")
    let sent = """
      {
          "_id": "5db709f647f577a9d7de2a1b",
          "catName": "Mochi",
          "ownerName": "Priya Raman",
          "breedId": "abys",
          "birthDate": "2019-04-17T09:12:33.000Z",
          "weightKg": 4.8,
          "rating": 3
        }
      """
    #expect(request.body == Data(sent.utf8))
    #expect(request.headers.value(of: "x-apikey") == Self.key)
    #expect(
      site.catsFile
        == Self.cats.replacingOccurrences(of: "\"rating\": 5", with: "\"rating\": 3")
        .replacingOccurrences(
          of: "\"_changed\": \"2019-10-28T15:32:06.412Z\"", with: "\"_changed\": \"2025-06-15T15:06:40.000Z\""))
  }

  @Test("remove: DELETE of <url>/<_id>, then the record leaves the file")
  func remove() async throws {
    let site = try Self.site(["\(Self.collection)/\(Self.mochi)": [Self.json(200, #"{"result":["\#(Self.mochi)"]}"#)]])
    try await site.editor.removeCat(Self.mochi, network: site.network)
    let request = try #require(site.transport.requests.first)
    #expect(request.method == .delete && request.body == nil)
    #expect(site.catsFile == "[]\n")
  }

  @Test(
    "a refusal prints restdb's status and words, and the file keeps every byte",
    arguments: [
      (401, #"{"message":"Invalid API key"}"#, "401 (Unauthorized): Invalid API key; check the key in RESTDB_KEY"),
      (500, #"{"message":"Internal error"}"#, "500 (Internal Server Error): Internal error"),
      (
        400,
        #"{"name":"ValidationError","list":[{"field":"rating","message":["too high"]}],"message":"Validation failed"}"#,
        "400 (Bad Request): Validation failed; rating: too high"
      ),
      (403, "", "403 (Forbidden); check the key in RESTDB_KEY"),
    ])
  func refused(status: Int, body: String, said: String) async throws {
    let site = try Self.site(["\(Self.collection)/\(Self.mochi)": [Self.json(status, body)]])
    let lines = await Self.failure { () async throws(EditRefusal) in
      try await site.editor.editCat(Self.mochi, ["rating": "3"], network: site.network)
    }
    #expect(
      lines == [
        "error: restdb refused the change: PUT \(Self.collection)/\(Self.mochi): \(said)",
        "note: content/cats.json was not changed",
      ])
    #expect(site.catsFile == Self.cats && site.transport.requests.count == 1)
  }

  @Test("nothing is sent for a bad value, an unset key, or a cat restdb cannot have")
  func refusedBeforeAnyRequest() async throws {
    let site = try Self.site([:])
    let bad = await Self.failure { () async throws(EditRefusal) in
      _ = try await site.editor.addCat(Self.nimbus.merging(["rating": "6"]) { $1 }, network: site.network)
    }
    #expect(bad == [#"error: rating must be a whole number from 1 to 5, found "6""#])
    let unset = try Self.site([:], environment: [:])
    let noKey = await Self.failure { () async throws(EditRefusal) in
      try await unset.editor.removeCat(Self.mochi, network: unset.network)
    }
    #expect(
      noKey == [
        "error: RESTDB_KEY is not set: restdb.io needs its API key (sources.restdb in content/site.yml); nothing was sent",
        "note: content/cats.json was not changed",
      ])
    try site.fileSystem.write(
      Data(Self.cats.replacingOccurrences(of: Self.mochi, with: "../x").utf8),
      to: "/site/content/cats.json")
    let odd = await Self.failure { () async throws(EditRefusal) in
      try await site.editor.removeCat("../x", network: site.network)
    }
    #expect(odd == [#"error: cat "Mochi" has the _id "../x", which restdb never makes; nothing was sent"#])
    #expect(site.transport.requests.isEmpty && unset.transport.requests.isEmpty)
  }

  @Test("an answer that is not a record this site can build is not written")
  func badAnswers() async throws {
    let site = try Self.site([
      Self.collection: [
        Self.json(201, "[]"),
        Self.json(201, #"{"_id":"65a0c0ffee0000000000beef","catName":"Nimbus"}"#),
        .response(
          status: 307, headers: [HTTPHeader("Location", "https://elsewhere.invalid/x?apikey=\(Self.key)")], body: Data()
        ),
      ]
    ])
    var all: [String] = []
    for _ in 0..<3 {
      all += await Self.failure { () async throws(EditRefusal) in
        _ = try await site.editor.addCat(Self.nimbus, network: site.network)
      }
    }
    let unchanged = "note: content/cats.json was not changed"
    let mayHaveMade = "restdb may have made the change (catgallery fetch --only cats shows what it has)"
    #expect(
      all == [
        "error: restdb answered POST \(Self.collection) with 201 (Created), but its answer is not a record (a JSON object); \(mayHaveMade)",
        unchanged,
        "error: restdb answered POST \(Self.collection) with 201 (Created), but the record it answered is not one this site can build; \(mayHaveMade)",
      ]
        + ["ownerName", "breedId", "birthDate", "weightKg", "rating"].map {
          "\(Self.collection):1:2: error: cat 1 has no \"\($0)\""
        }
        + [
          unchanged,
          "error: restdb answered POST \(Self.collection) with 307 (Temporary Redirect) to https://elsewhere.invalid/x?apikey=REDACTED; a change is not sent on to another address (check url in sources.restdb)",
          unchanged,
        ])
    #expect(site.transport.requests.count == 3)
    #expect(site.catsFile == Self.cats)
    #expect(!all.joined().contains(Self.key))
  }

  /// Changes cats.json while restdb's answer is on its way, as another editor would.
  struct Meddling: HTTPTransport {
    let base: any HTTPTransport
    let fileSystem: MemoryFileSystem

    func send(_ request: NetworkRequest) async throws(NetworkError) -> NetworkResponse {
      try? fileSystem.write(
        Data(RestDBWriteTests.cats.replacingOccurrences(of: "Mochi", with: "Momo").utf8),
        to: "/site/content/cats.json")
      return try await base.send(request)
    }
  }

  @Test("a file changed while restdb answered is not overwritten, and the message says restdb has the change")
  func changedMeanwhile() async throws {
    let answer =
      #"{"_id":"5db709f647f577a9d7de2a1b","catName":"Mochi","ownerName":"Priya Raman","breedId":"abys","birthDate":"2019-04-17T09:12:33.000Z","weightKg":4.8,"rating":3}"#
    let site = try Self.site(["\(Self.collection)/\(Self.mochi)": [Self.json(200, answer)]])
    let network = EditNetwork(
      transport: Meddling(base: site.transport, fileSystem: site.fileSystem), environment: site.network.environment)
    let lines = await Self.failure { () async throws(EditRefusal) in
      try await site.editor.editCat(Self.mochi, ["rating": "3"], network: network)
    }
    #expect(
      lines == [
        "error: restdb has the change (PUT \(Self.collection)/\(Self.mochi): 200 (OK)), but content/cats.json changed on disk since it was read, so it was not updated",
        "note: run catgallery fetch --only cats to bring restdb's cats into content/cats.json",
      ])
    #expect(site.catsFile.contains("Momo"))
  }

  @Test(
    "restdb's words in an error answer: message, validation list, error, plain text; never markup or the key",
    arguments: [
      (#"{"message":"Invalid API key"}"#, "Invalid API key"),
      (#"{"error":"quota exceeded"}"#, "quota exceeded"),
      (
        #"{"message":"bad","list":[{"field":"weightKg","message":["Number out of range","Required"]}]}"#,
        "bad; weightKg: Number out of range, Required"
      ),
      ("Service down\nfor maintenance", "Service down"),
      ("<html><body>502</body></html>", nil),
      (#"{"message":"key restdb-SECRET-key-42 is wrong\u0007"}"#, "key <redacted> is wrong"),
      ("", nil),
    ] as [(String, String?)])
  func messages(body: String, expected: String?) {
    #expect(RestDBError.message(in: Data(body.utf8), key: Self.key) == expected)
  }

  @Test("the same JSON value whatever its spelling")
  func sameValues() throws {
    func value(_ text: String) throws -> NodeValue { try JSONReader.parse(Data(text.utf8), file: "").value }
    #expect(RestDBRecord.same(try value("4"), try value("4.0")))
    #expect(RestDBRecord.same(try value(#"{"a":[1,2.0]}"#), try value(#"{ "a": [1.0, 2] }"#)))
    #expect(!RestDBRecord.same(try value("4"), try value("4.1")))
    #expect(!RestDBRecord.same(try value(#""4""#), try value("4")))
  }
}
