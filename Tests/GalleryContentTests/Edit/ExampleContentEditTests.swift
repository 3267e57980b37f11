import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// The editors on the example site's own `content/` files, as a user has them.
@Suite("Editing the example content")
struct ExampleContentEditTests {
  static let content =
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("content").path

  static func read(_ name: String) throws -> Data {
    try LocalFileSystem().contents(of: content + "/" + name)
  }

  func lines(_ data: Data) -> [Substring] {
    String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test("cats.json: untouched it is the same bytes; one edit changes one line")
  func cats() throws {
    let original = try Self.read("cats.json")
    var file = try CatsFile(original, file: "content/cats.json")
    #expect(file.data == original)
    #expect(file.birthDateStyle == .milliseconds)
    let weight = try #require(CatWeight("3.6"))
    try file.edit(id: "5db709f6ba86f3359ed15311", CatChanges(weight: weight))
    let changed = zip(lines(original), lines(file.data)).filter { $0 != $1 }
    #expect(changed.map(\.1) == ["    \"weightKg\": 3.6,"])
    #expect(lines(original).count == lines(file.data).count)
  }

  @Test("parks.plist: untouched it is the same bytes; a caption edit changes one line")
  func parks() throws {
    let original = try Self.read("parks.plist")
    var file = try ParksFile(original, file: "content/parks.plist")
    #expect(file.data == original)
    try file.setCaption("Fall colour & mist above the gorge", of: try file.photo(named: "letchworth2"))
    let changed = zip(lines(original), lines(file.data)).filter { $0 != $1 }
    #expect(changed.map(\.1) == ["\t\t\t\t<string>Fall colour &amp; mist above the gorge</string>"])
    #expect(lines(original).count == lines(file.data).count)
  }

  @Test("parks.plist as a binary plist: stays binary, same tree but the caption")
  func binaryParks() throws {
    let tree = try PropertyListSerialization.propertyList(from: try Self.read("parks.plist"), format: nil)
    let binary = try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
    var file = try ParksFile(binary, file: "content/parks.plist")
    #expect(file.data == binary)
    let target = try file.photo(named: "letchworth2")
    try file.setCaption("New words", of: target)
    #expect(file.format == .binary && file.data.starts(with: Array("bplist".utf8)))
    var expected = try PlistReader.parse(binary, file: "p")
    ParksFileTests.setCaption(&expected, park: target.park, photo: target.photo, to: "New words")
    #expect(try PlistReader.parse(file.data, file: "p") == expected)
  }
}
