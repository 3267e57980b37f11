import Foundation
import Testing

@testable import GalleryContent
@testable import GalleryCore

/// Caption edits in `parks.plist`: XML keeps every byte but the caption's,
/// binary stays binary with the same tree but the caption.
@Suite("Parks file captions")
struct ParksFileTests {
  static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <!-- parks, edited by hand -->
    <array>
    \t<dict>
    \t\t<key>name</key>
    \t\t<string>Hocking Hills</string>
    \t\t<key>photos</key>
    \t\t<array>
    \t\t\t<dict>
    \t\t\t\t<key>imageName</key>
    \t\t\t\t<string>falls1</string>
    \t\t\t\t<key>caption</key>
    \t\t\t\t<string>Moss &amp; lichen</string>
    \t\t\t</dict>
    \t\t\t<dict>
    \t\t\t\t<key>imageName</key>
    \t\t\t\t<string>trail</string>
    \t\t\t</dict>
    \t\t\t<dict>
    \t\t\t\t<key>caption</key>
    \t\t\t\t<string/>
    \t\t\t\t<key>imageName</key>
    \t\t\t\t<string>Gorge</string>
    \t\t\t</dict>
    \t\t</array>
    \t</dict>
    \t<dict>
    \t\t<key>name</key>
    \t\t<string>Letchworth</string>
    \t\t<key>photos</key>
    \t\t<array>
    \t\t\t<dict>
    \t\t\t\t<key>imageName</key>
    \t\t\t\t<string>FALLS1</string>
    \t\t\t\t<key>caption</key>
    \t\t\t\t<string><![CDATA[Upper falls]]></string>
    \t\t\t</dict>
    \t\t</array>
    \t</dict>
    </array>
    </plist>

    """

  func parks(_ data: Data) throws -> ParksFile { try ParksFile(data, file: "content/parks.plist") }

  /// `xml` after setting the caption of the photo named `name`.
  func captioned(_ name: String, _ caption: String) throws -> String {
    var file = try parks(Data(Self.xml.utf8))
    try file.setCaption(caption, of: try file.photo(named: name))
    return String(decoding: file.data, as: UTF8.self)
  }

  @Test("with no edit, or the same caption, the bytes are the same")
  func roundTrip() throws {
    var file = try parks(Data(Self.xml.utf8))
    #expect(file.data == Data(Self.xml.utf8))
    try file.setCaption(" Moss & lichen ", of: try file.photo(named: "falls1", in: 0))
    #expect(file.data == Data(Self.xml.utf8))
    let binary = try Self.binary()
    #expect(try parks(binary).data == binary)
  }

  @Test("a changed caption changes only the caption's text, escaped")
  func change() throws {
    var file = try parks(Data(Self.xml.utf8))
    try file.setCaption("Lower & <upper> falls", of: try file.photo(named: "falls1", in: 1))
    let expected = Self.xml.replacingOccurrences(
      of: "<![CDATA[Upper falls]]>", with: "Lower &amp; &lt;upper&gt; falls")
    #expect(String(decoding: file.data, as: UTF8.self) == expected)
    #expect(file.photos[3].caption == "Lower & <upper> falls")
  }

  @Test("an empty <string/> caption is filled in; a photo with no caption gets one, indented like its keys")
  func missingCaption() throws {
    #expect(
      try captioned("gorge", "Deep")
        == Self.xml.replacingOccurrences(of: "<string/>", with: "<string>Deep</string>"))
    #expect(
      try captioned("trail", "A trail")
        == Self.xml.replacingOccurrences(
          of: "<string>trail</string>",
          with: "<string>trail</string>\n\t\t\t\t<key>caption</key>\n\t\t\t\t<string>A trail</string>"))
  }

  @Test("an ambiguous name lists the candidates; an unknown one suggests the closest")
  func lookup() throws {
    let file = try parks(Data(Self.xml.utf8))
    let ambiguous = try #require(throws: EditError.self) { try file.photo(named: "Falls1") }
    #expect(
      ambiguous.description
        == "content/parks.plist has several photos named \"Falls1\": park \"Hocking Hills\", photo 1 (line 11);"
        + " park \"Letchworth\", photo 1 (line 34)")
    let unknown = try #require(throws: EditError.self) { try file.photo(named: "trial") }
    #expect(unknown.description == "content/parks.plist has no photo named \"trial\"; closest: trail, Gorge, falls1")
  }

  @Test("a caption must be 1 to 2,000 characters with no control characters")
  func invalidCaption() throws {
    var file = try parks(Data(Self.xml.utf8))
    let target = try file.photo(named: "trail")
    for bad in ["  ", "a\u{0}b", "line\nbreak", String(repeating: "x", count: 2_001)] {
      #expect(throws: EditError.self) { try file.setCaption(bad, of: target) }
    }
    let error = try #require(throws: EditError.self) { try file.setCaption("", of: target) }
    #expect(error.description == "caption must be 1 to 2000 characters with no control characters, found nothing")
    #expect(file.data == Data(Self.xml.utf8))
  }

  @Test("a binary plist stays binary and decodes to the same tree but the caption")
  func binary() throws {
    let original = try Self.binary()
    var file = try parks(original)
    try file.setCaption("New words", of: try file.photo(named: "b"))
    #expect(file.data.starts(with: Array("bplist00".utf8)))
    var expected = try PlistReader.parse(original, file: "p")
    Self.setCaption(&expected, park: 0, photo: 1, to: "New words")
    #expect(try PlistReader.parse(file.data, file: "p") == expected)
  }

  /// A binary parks plist with every kind of value a plist holds.
  static func binary() throws -> Data {
    let photo: [String: Any] = ["imageName": "a", "caption": "First", "rating": 3, "ok": true, "ratio": 1.5]
    let other: [String: Any] = [
      "imageName": "b", "caption": "Second", "taken": Date(timeIntervalSince1970: 1_500_000_000),
      "thumb": Data([1, 2, 3]), "tags": ["x", "y"],
    ]
    let parks: [Any] = [["name": "Park", "photos": [photo, other]], ["name": "Empty", "photos": [Any]()]]
    return try PropertyListSerialization.data(fromPropertyList: parks, format: .binary, options: 0)
  }

  /// `root` with the caption of one photo replaced, every location kept.
  static func setCaption(_ root: inout Node, park: Int, photo: Int, to caption: String) {
    guard case .array(var parks) = root.value, case .dictionary(var parkPairs) = parks[park].value,
      let photosIndex = parkPairs.firstIndex(where: { $0.key == "photos" }),
      case .array(var photos) = parkPairs[photosIndex].value.value,
      case .dictionary(var pairs) = photos[photo].value,
      let captionIndex = pairs.firstIndex(where: { $0.key == "caption" })
    else { return }
    pairs[captionIndex].value.value = .string(caption)
    photos[photo].value = .dictionary(pairs)
    parkPairs[photosIndex].value.value = .array(photos)
    parks[park].value = .dictionary(parkPairs)
    root.value = .array(parks)
  }
}

extension ParksFile {
  /// The photo named `name` in park `park`, for tests that pick one of several.
  func photo(named name: String, in park: Int) throws -> CaptionTarget {
    try #require(photos.first { $0.park == park && $0.imageName.lowercased() == name.lowercased() })
  }
}

/// The XML scanner steps over what is not a value: comments, CDATA, a DOCTYPE.
@Suite("XML plist layout")
struct XMLPlistLayoutTests {
  @Test("comments and CDATA holding tags are not read as elements")
  func steppedOver() throws {
    let xml = """
      <?xml version="1.0"?>
      <plist version="1.0"><array><dict><key>name</key><string>P</string><key>photos</key><array>
      <!-- <dict><key>imageName</key><string>ghost</string></dict> -->
      <dict><key>imageName</key><string>a</string><key>caption</key><string><![CDATA[x</string><key>]]></string></dict>
      </array></dict></array></plist>
      """
    var file = try ParksFile(Data(xml.utf8), file: "p.plist")
    #expect(file.photos.map(\.imageName) == ["a"])
    try file.setCaption("y", of: try file.photo(named: "a"))
    #expect(
      String(decoding: file.data, as: UTF8.self)
        == xml.replacingOccurrences(of: "<![CDATA[x</string><key>]]>", with: "y"))
  }

  @Test("a DOCTYPE that defines entities is refused for editing, not misread")
  func internalSubset() throws {
    let xml = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [<!ENTITY n "P">]>
      <plist version="1.0"><array><dict><key>name</key><string>&n;</string><key>photos</key><array>
      <dict><key>imageName</key><string>a</string><key>caption</key><string>x</string></dict>
      </array></dict></array></plist>
      """
    var file = try ParksFile(Data(xml.utf8), file: "p.plist")
    let target = try file.photo(named: "a")
    #expect(throws: EditError.unsupported(file: "p.plist", reason: "its DOCTYPE defines entities of its own")) {
      try file.setCaption("y", of: target)
    }
  }
}
