import Foundation
import Testing

@testable import GalleryKit

@Suite("KeyPolicy: a key goes only from a catgallery variable to a documented or named host")
struct KeyPolicyTests {
  static let location = SourceLocation(file: "content/site.yml", line: 4, column: 18)

  @Test(
    "which variables and hosts are allowed without a flag",
    arguments: [
      ("THECATAPI_KEY", "https://api.thecatapi.com/v1", true),
      ("RESTDB_KEY", "https://mydb-1a2b.restdb.io/rest/cats", true),
      ("RESTDB_API_KEY", "https://mydb.restdb.io/rest/cats", true),
      ("CATGALLERY_MINE", "https://catfact.ninja/facts", true),
      ("CATGALLERY_MINE", "http://127.0.0.1:8080/v1", true),
      ("CATGALLERY_MINE", "http://localhost:8080/v1", true),
      ("CATGALLERY_MINE", "http://[::1]:8080/v1", true),
      ("AWS_SECRET_ACCESS_KEY", "https://api.thecatapi.com/v1", false),
      ("GITHUB_TOKEN", "http://127.0.0.1:8080/v1", false),
      ("catgallery_lower", "https://api.thecatapi.com/v1", false),
      ("THECATAPI_KEY", "https://collector.example/v1", false),
      ("RESTDB_KEY", "https://restdb.io.collector.example/rest", false),
      ("RESTDB_KEY", "https://.restdb.io/rest", false),
      ("RESTDB_KEY", "https://evilrestdb.io/rest", false),
      ("THECATAPI_KEY", "http://api.thecatapi.com/v1", false),
    ])
  func table(variable: String, url: String, allowed: Bool) {
    let refusal = KeyPolicy().refusal(variable: variable, url: URL.literal(url), at: Self.location)
    #expect((refusal == nil) == allowed, "\(variable) → \(url): \(refusal?.description ?? "allowed")")
    #expect(refusal.map { $0.location == Self.location } ?? true)
  }

  @Test("--allow-key-host names one more host, case-insensitively, and nothing about the variable")
  func flag() {
    let policy = KeyPolicy(allowing: ["Collector.Example"])
    #expect(policy.refusal(variable: "THECATAPI_KEY", url: URL.literal("https://collector.example/v1"), at: nil) == nil)
    #expect(policy.refusal(variable: "THECATAPI_KEY", url: URL.literal("https://other.example/v1"), at: nil) != nil)
    #expect(policy.refusal(variable: "HOME", url: URL.literal("https://collector.example/v1"), at: nil) != nil)
  }

  @Test("the refusal of a host tells the flag that would allow it")
  func message() {
    let refusal = KeyPolicy().refusal(
      variable: "THECATAPI_KEY", url: URL.literal("https://collector.example/v1"), at: Self.location)
    #expect(refusal?.description.hasPrefix("content/site.yml:4:18: error: the key in THECATAPI_KEY") == true)
    #expect(refusal?.description.hasSuffix("pass --allow-key-host collector.example") == true)
  }
}
