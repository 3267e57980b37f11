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
}
