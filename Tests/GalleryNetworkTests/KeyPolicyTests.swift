import Foundation
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

@Suite("KeyPolicy: a key goes only from a catgallery variable to its own API's documented host or a named one")
struct KeyPolicyTests {
  static let location = SourceLocation(file: "content/site.yml", line: 4, column: 18)

  @Test(
    "which variables and hosts are allowed without a flag, per API",
    arguments: [
      (KeyPolicy.API.theCatAPI, "THECATAPI_KEY", "https://api.thecatapi.com/v1", true),
      (.theCatAPI, "CATGALLERY_MINE", "https://api.thecatapi.com/v1", true),
      (.restdb, "RESTDB_KEY", "https://mydb-1a2b.restdb.io/rest/cats", true),
      (.restdb, "RESTDB_API_KEY", "https://mydb.restdb.io/rest/cats", true),
      (.theCatAPI, "CATGALLERY_MINE", "http://127.0.0.1:8080/v1", true),
      (.restdb, "CATGALLERY_MINE", "http://localhost:8080/v1", true),
      (.theCatAPI, "THECATAPI_KEY", "http://[::1]:8080/v1", true),
      // The Cat API's key to a database anyone can register under restdb.io.
      (.theCatAPI, "THECATAPI_KEY", "https://attacker.restdb.io/v1", false),
      (.restdb, "THECATAPI_KEY", "https://attacker.restdb.io/rest/cats", false),
      (.restdb, "CATGALLERY_MINE", "https://attacker.restdb.io/rest/cats", false),
      (.restdb, "RESTDB_KEY", "https://api.thecatapi.com/v1", false),
      // catfact.ninja never takes a key.
      (.theCatAPI, "CATGALLERY_MINE", "https://catfact.ninja/facts", false),
      (.restdb, "RESTDB_KEY", "https://catfact.ninja/facts", false),
      (.theCatAPI, "AWS_SECRET_ACCESS_KEY", "https://api.thecatapi.com/v1", false),
      (.restdb, "GITHUB_TOKEN", "http://127.0.0.1:8080/v1", false),
      (.theCatAPI, "catgallery_lower", "https://api.thecatapi.com/v1", false),
      (.theCatAPI, "THECATAPI_KEY", "https://collector.example/v1", false),
      (.restdb, "RESTDB_KEY", "https://restdb.io.collector.example/rest", false),
      (.restdb, "RESTDB_KEY", "https://.restdb.io/rest", false),
      (.restdb, "RESTDB_KEY", "https://evilrestdb.io/rest", false),
      (.theCatAPI, "THECATAPI_KEY", "http://api.thecatapi.com/v1", false),
    ])
  func table(api: KeyPolicy.API, variable: String, url: String, allowed: Bool) {
    let refusal = KeyPolicy().refusal(for: api, variable: variable, url: URL.literal(url), at: Self.location)
    #expect((refusal == nil) == allowed, "\(api) \(variable) → \(url): \(refusal?.description ?? "allowed")")
    #expect(refusal.map { $0.location == Self.location } ?? true)
  }

  @Test("the key is read from the environment only once allowed; an unset one is told apart")
  func lookup() {
    let url = URL.literal("https://api.thecatapi.com/v1")
    let environment = ["THECATAPI_KEY": "k", "AWS_SECRET_ACCESS_KEY": "s", "CATGALLERY_EMPTY": ""]
    let policy = KeyPolicy()
    func key(_ variable: String?) -> KeyPolicy.Lookup {
      policy.key(for: .theCatAPI, variable: variable, url: url, at: nil, environment: environment)
    }
    #expect(key(nil) == .none)
    #expect(key("THECATAPI_KEY") == .key("k"))
    #expect(key("CATGALLERY_EMPTY") == .unset(variable: "CATGALLERY_EMPTY"))
    guard case .refused = key("AWS_SECRET_ACCESS_KEY") else {
      Issue.record("AWS_SECRET_ACCESS_KEY was not refused")
      return
    }
  }

  @Test("--allow-key-host names one more host, case-insensitively, and nothing about the variable")
  func flag() {
    let policy = KeyPolicy(allowing: ["Collector.Example"])
    #expect(
      policy.refusal(
        for: .theCatAPI, variable: "THECATAPI_KEY", url: URL.literal("https://collector.example/v1"), at: nil) == nil)
    #expect(
      policy.refusal(for: .theCatAPI, variable: "THECATAPI_KEY", url: URL.literal("https://other.example/v1"), at: nil)
        != nil)
    #expect(
      policy.refusal(for: .theCatAPI, variable: "HOME", url: URL.literal("https://collector.example/v1"), at: nil)
        != nil)
  }

  @Test("the refusal of a host tells the flag that would allow it")
  func message() {
    let refusal = KeyPolicy().refusal(
      for: .theCatAPI, variable: "THECATAPI_KEY", url: URL.literal("https://collector.example/v1"), at: Self.location)
    #expect(refusal?.description.hasPrefix("content/site.yml:4:18: error: the key in THECATAPI_KEY") == true)
    #expect(refusal?.description.hasSuffix("pass --allow-key-host collector.example") == true)
  }
}
