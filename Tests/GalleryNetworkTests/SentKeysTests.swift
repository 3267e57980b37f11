import Foundation
import Testing

@testable import GalleryNetwork

@Suite("SentKeys: a key an API sends back is found however its JSON writes it")
struct SentKeysTests {
  static let keys = SentKeys([("THECATAPI_KEY", "abc/def"), ("RESTDB_KEY", nil), (nil, "orphan"), ("EMPTY", "")])

  @Test(
    "which answers hold a key",
    arguments: [
      (#"{"d": "key abc/def here"}"#, "THECATAPI_KEY"),
      (#"{"d": "key abc\/def here"}"#, "THECATAPI_KEY"),
      (#"{"d": "key \u0061bc/def"}"#, "THECATAPI_KEY"),
      (#"[[{"abc/def": 1}]]"#, "THECATAPI_KEY"),
      (#""abc\u002fdef""#, "THECATAPI_KEY"),
      ("not json abc/def", "THECATAPI_KEY"),
      (#"{"d": "abc def", "orphan": "x"}"#, nil),
      (#"{"d": 1}"#, nil),
    ] as [(String, String?)])
  func table(json: String, variable: String?) {
    #expect(Self.keys.echoed(in: Data(json.utf8)) == variable, "\(json)")
  }

  static let long = SentKeys([("RESTDB_KEY", "5f3c9a1be7d24f06a8c1")])

  @Test(
    "a key split across fields, base64-encoded or URL-encoded is found",
    arguments: [
      (#"{"a": "5f3c9a1be7", "b": "d24f06a8c1"}"#, "RESTDB_KEY"),
      (#"{"a": "x 5f3c9a1be7 y", "n": 3, "c": "other", "b": "see d24f06a8c1"}"#, "RESTDB_KEY"),
      (#"{"a": "5f3c9a", "b": "1be7d24f", "c": "06a8c1"}"#, "RESTDB_KEY"),
      (#"{"a": "NWYzYzlhMWJlN2QyNGYwNmE4YzE="}"#, "RESTDB_KEY"),
      (#"{"a": "token=a2V5OjVmM2M5YTFiZTdkMjRmMDZhOGMx"}"#, "RESTDB_KEY"),
      (#"{"a": "a2V5OjVmM2M5YTFiZTdkMjRmMDZhOGMx"}"#, "RESTDB_KEY"),
      (#"{"a": "%35%66%33%63%39%61%31%62%65%37%64%32%34%66%30%36%61%38%63%31"}"#, "RESTDB_KEY"),
      (#"{"a": "NWYzYzlhMWJlNw==", "b": "ZDI0ZjA2YThjMQ=="}"#, "RESTDB_KEY"),
      (#"{"a": "5f3c9a1", "b": "plain text", "c": "e7d24f0"}"#, nil),
      (#"{"a": "The quick brown fox jumps over the lazy dog", "b": "aGVsbG8gd29ybGQ="}"#, nil),
    ] as [(String, String?)])
  func hidden(json: String, variable: String?) {
    #expect(Self.long.echoed(in: Data(json.utf8)) == variable, "\(json)")
  }
}
