import Foundation
import Testing

@testable import GalleryContent

/// The minimal-change JSON editor: every byte it was not asked to change stays.
@Suite("JSON record file")
struct JSONRecordFileTests {
  static let pretty = """
    [
      {
        "_id": "a",
        "w": 3.5
      },
      {
        "_id": "b",
        "w": 2
      }
    ]

    """

  /// `text` after `edit`, as text.
  func edited(_ text: String, _ edit: (inout JSONRecordFile) throws(EditError) -> Void) throws -> String {
    var file = try JSONRecordFile(Data(text.utf8), file: "cats.json")
    try edit(&file)
    return String(decoding: file.data, as: UTF8.self)
  }

  @Test(
    "with no edit the bytes are the same",
    arguments: [
      pretty, "[]", "[]\n", "[\n]\n", #"[{"a":1},{"b":[1,{"c":"]}"}]}]"#, "\u{FEFF}[ {\"a\" : 1} ]\r\n",
      "[\n\t{\n\t\t\"a\": 1\n\t}\n]",
    ])
  func roundTrip(text: String) throws {
    #expect(try edited(text) { _ in } == text)
  }

  @Test("a changed value replaces only the value's bytes, spelled as given")
  func setExisting() throws {
    let result = try edited(Self.pretty) { file throws(EditError) in
      try file.set([(key: "w", value: .number("4.0"))], inRecord: try file.index(ofID: "b"))
    }
    #expect(result == Self.pretty.replacingOccurrences(of: "\"w\": 2", with: "\"w\": 4.0"))
  }

  @Test("a new key goes after the last, spaced like the record's keys")
  func setNew() throws {
    let result = try edited(Self.pretty) { file throws(EditError) in
      try file.set([(key: "name", value: .string("Zoë \"Z\"\n")), (key: "n", value: .integer(1))], inRecord: 0)
    }
    #expect(
      result
        == Self.pretty.replacingOccurrences(
          of: "\"w\": 3.5", with: "\"w\": 3.5,\n    \"name\": \"Zoë \\\"Z\\\"\\n\",\n    \"n\": 1"))
    let oneLine = #"[{"a": 1, "b": 2}]"#
    #expect(
      try edited(oneLine) { f throws(EditError) in try f.set([(key: "c", value: .bool(true))], inRecord: 0) }
        == #"[{"a": 1, "b": 2, "c": true}]"#)
    #expect(
      try edited("[{}]") { f throws(EditError) in try f.set([(key: "c", value: .null)], inRecord: 0) }
        == "[{\n    \"c\": null\n  }]")
  }

  @Test("a removed key takes its comma and spacing with it")
  func removeKey() throws {
    let three = #"[{"a": 1, "b": 2, "c": 3}]"#
    func removing(_ key: String, from text: String = three) throws -> String {
      try edited(text) { file throws(EditError) in try file.remove([key], inRecord: 0) }
    }
    #expect(try removing("a") == #"[{"b": 2, "c": 3}]"#)
    #expect(try removing("b") == #"[{"a": 1, "c": 3}]"#)
    #expect(try removing("c") == #"[{"a": 1, "b": 2}]"#)
    #expect(try removing("x") == three)
    #expect(try removing("a", from: #"[{"a": 1}]"#) == "[{}]")
    #expect(try removing("a", from: #"[{"a": 1, "b": 2, "a": 3}]"#) == #"[{"b": 2}]"#)
    #expect(try removing("w", from: Self.pretty) == Self.pretty.replacingOccurrences(of: ",\n    \"w\": 3.5", with: ""))
  }

  @Test(
    "an appended record is laid out in the file's own style",
    arguments: [
      (pretty, String(pretty.dropLast(3)) + ",\n  {\n    \"_id\": \"c\",\n    \"w\": 1\n  }\n]\n"),
      ("[\n\t{\n\t\t\"a\": 1\n\t}\n]", "[\n\t{\n\t\t\"a\": 1\n\t},\n\t{\n\t\t\"_id\": \"c\",\n\t\t\"w\": 1\n\t}\n]"),
      (#"[{"a":1},{"b":2}]"#, #"[{"a":1},{"b":2},{"_id":"c","w":1}]"#),
      ("[]\n", "[\n  {\n    \"_id\": \"c\",\n    \"w\": 1\n  }\n]\n"),
      ("[]", "[\n  {\n    \"_id\": \"c\",\n    \"w\": 1\n  }\n]"),
    ])
  func append(text: String, expected: String) throws {
    let result = try edited(text) { file throws(EditError) in
      try file.append([(key: "_id", value: .string("c")), (key: "w", value: .number("1"))])
    }
    #expect(result == expected)
  }

  @Test("a removed record takes its comma and spacing with it")
  func removeRecord() throws {
    func removing(_ index: Int, from text: String = Self.pretty) throws -> String {
      try edited(text) { file throws(EditError) in try file.removeRecord(at: index) }
    }
    #expect(try removing(0) == "[\n  {\n    \"_id\": \"b\",\n    \"w\": 2\n  }\n]\n")
    #expect(try removing(1) == "[\n  {\n    \"_id\": \"a\",\n    \"w\": 3.5\n  }\n]\n")
    #expect(try removing(1, from: #"[1, 2, 3]"#) == "[1, 3]")
    #expect(try removing(0, from: "[\n  {\"a\": 1}\n]\n") == "[]\n")
  }

  @Test("records are found by _id; a missing or repeated one is an error")
  func findByID() throws {
    let file = try JSONRecordFile(Data(#"[{"_id": "a"}, {"_id": "b"}, {"_id": "b"}, 7]"#.utf8), file: "cats.json")
    #expect(try file.index(ofID: "a") == 0)
    #expect(throws: EditError.recordNotFound(file: "cats.json", id: "z")) { try file.index(ofID: "z") }
    #expect(throws: EditError.duplicateID(file: "cats.json", id: "b")) { try file.index(ofID: "b") }
  }

  @Test("a file that is not an array of records is refused with the reader's location")
  func refused() throws {
    #expect(throws: EditError.unsupported(file: "cats.json", reason: "it must be an array of records, found an object"))
    {
      try JSONRecordFile(Data("{}".utf8), file: "cats.json")
    }
    let error = try #require(throws: EditError.self) { try JSONRecordFile(Data("[1,]".utf8), file: "cats.json") }
    #expect(error.description == "cats.json:1:4: error: trailing comma before ']'")
    var file = try JSONRecordFile(Data("[7]".utf8), file: "cats.json")
    #expect(throws: EditError.unsupported(file: "cats.json", reason: "record 1 is an integer, not an object")) {
      try file.set([(key: "a", value: .null)], inRecord: 0)
    }
  }

  @Test("numbers are written as entered; only JSON numbers are numbers")
  func numbers() {
    #expect(JSONScalar.number(literal: "4.0") == .number("4.0"))
    #expect(JSONScalar.number(literal: "-1e3") == .number("-1e3"))
    #expect(JSONScalar.number(literal: "04") == nil)
    #expect(JSONScalar.number(literal: " 4") == nil)
    #expect(JSONScalar.number(literal: "\"4\"") == nil)
    #expect(JSONScalar.string("a\u{1}\\").literal == #""a\u0001\\""#)
  }
}
