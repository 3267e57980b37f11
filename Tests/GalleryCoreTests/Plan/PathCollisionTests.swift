import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// Two pages written to one file: the build fails with an error at the later
/// record that names the other and where it is, whatever makes the paths meet:
/// case, Unicode normalisation (NFC against NFD) or two names with one slug.
@Suite("Output path collisions")
struct PathCollisionTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var files: [String: String]
    var photos: [String] = []
    var expected: [String]
    var testDescription: String { name }
  }

  static let nfc = "Caf\u{E9}"
  static let nfd = "Cafe\u{301}"

  /// breeds.json with the minimal site's two breeds and a third with `id`.
  static func breeds(adding id: String) -> String {
    "[\n  {\"id\": \"abys\", \"name\": \"Abyssinian\"},\n  {\"id\": \"\(id)\", \"name\": \"Other\"}\n]\n"
  }

  /// cats.json with one cat per line: (name, owner).
  static func cats(_ cats: [(String, String)]) -> String {
    let lines = cats.map { name, owner in
      "  {\"catName\": \"\(name)\", \"ownerName\": \"\(owner)\", \"breedId\": \"abys\", "
        + "\"birthDate\": \"2015-03-12T08:21:44.000Z\", \"weightKg\": 4, \"rating\": 4, \"photoUrl\": \"cat1\"}"
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
  }

  /// parks.plist with one line per park and per photo: (park name, [image name]).
  static func parks(_ parks: [(String, [String])]) -> String {
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<array>"]
    for (name, photos) in parks {
      lines.append("<dict><key>name</key><string>\(name)</string><key>photos</key><array>")
      for photo in photos {
        lines.append("<dict><key>imageName</key><string>\(photo)</string><key>caption</key><string>C</string></dict>")
      }
      lines.append("</array></dict>")
    }
    return (lines + ["</array>", "</plist>"]).joined(separator: "\n") + "\n"
  }

  /// categories.plist with one line per category: (title, image name).
  static func categories(_ categories: [(String, String)]) -> String {
    var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<array>"]
    for (title, image) in categories {
      lines.append(
        "<dict><key>CategoryTitle</key><string>\(title)</string><key>ImageNames</key><array><string>\(image)</string></array></dict>"
      )
    }
    return (lines + ["</array>", "</plist>"]).joined(separator: "\n") + "\n"
  }

  static let cases: [Case] = [
    Case(
      name: "breed ids that differ in case",
      files: ["content/breeds.json": breeds(adding: "ABYS")],
      expected: [
        "content/breeds.json:3:10: error: breed \"ABYS\" would be written to breeds/abys/index.html, as is breed \"abys\" (content/breeds.json:2:10)"
      ]),
    Case(
      name: "cats that differ in case",
      files: ["content/cats.json": cats([("Tom", "Ann"), ("TOM", "ANN")])],
      expected: [
        "content/cats.json:3:15: error: cat 2 \"TOM\" would be written to cats/tom-ann/index.html, as is cat 1 \"Tom\" (content/cats.json:2:15)"
      ]),
    Case(
      name: "cats named in NFC and in NFD",
      files: ["content/cats.json": cats([(nfc, "Ann"), (nfd, "Ann")])],
      expected: [
        "content/cats.json:3:15: error: cat 2 \"\(nfd)\" would be written to cats/cafe-ann/index.html, as is cat 1 \"\(nfc)\" (content/cats.json:2:15)"
      ]),
    Case(
      name: "cats whose names slug alike",
      files: ["content/cats.json": cats([("Tom", "Ann"), ("Tom!", "Ann")])],
      expected: [
        "content/cats.json:3:15: error: cat 2 \"Tom!\" would be written to cats/tom-ann/index.html, as is cat 1 \"Tom\" (content/cats.json:2:15)"
      ]),
    Case(
      name: "parks that differ in case",
      files: ["content/parks.plist": parks([("Ohiopyle", ["falls1"]), ("OHIOPYLE", ["falls2"])])],
      photos: ["falls2.jpg"],
      expected: [
        "content/parks.plist:7: error: park \"OHIOPYLE\" would be written to parks/ohiopyle/index.html, as is park \"Ohiopyle\" (content/parks.plist:4)"
      ]),
    Case(
      name: "parks named in NFC and in NFD",
      files: ["content/parks.plist": parks([(nfc, ["falls1"]), (nfd, ["falls2"])])],
      photos: ["falls2.jpg"],
      expected: [
        "content/parks.plist:7: error: park \"\(nfd)\" would be written to parks/cafe/index.html, as is park \"\(nfc)\" (content/parks.plist:4)"
      ]),
    Case(
      name: "parks whose names slug alike",
      files: ["content/parks.plist": parks([("Ohio Pyle", ["falls1"]), ("ohio-pyle", ["falls2"])])],
      photos: ["falls2.jpg"],
      expected: [
        "content/parks.plist:7: error: park \"ohio-pyle\" would be written to parks/ohio-pyle/index.html, as is park \"Ohio Pyle\" (content/parks.plist:4)"
      ]),
    Case(
      name: "photos of a park that differ in case",
      files: ["content/parks.plist": parks([("Ohiopyle", ["falls1", "FALLS1"])])],
      expected: [
        "content/parks.plist:6: error: photo 2 of park \"Ohiopyle\" would be written to parks/ohiopyle/falls1/index.html, as is photo 1 of park \"Ohiopyle\" (content/parks.plist:5)"
      ]),
    Case(
      name: "photos of a park named in NFC and in NFD",
      files: ["content/parks.plist": parks([("Ohiopyle", ["falls1", nfc, nfd])])],
      photos: ["\(nfc).jpg"],
      expected: [
        "content/parks.plist:7: error: photo 3 of park \"Ohiopyle\" would be written to parks/ohiopyle/cafe/index.html, as is photo 2 of park \"Ohiopyle\" (content/parks.plist:6)"
      ]),
    Case(
      name: "photos of a park whose names slug alike",
      files: ["content/parks.plist": parks([("Ohiopyle", ["falls1", "a b", "a-b"])])],
      photos: ["a b.jpg", "a-b.jpg"],
      expected: [
        "content/parks.plist:7: error: photo 3 of park \"Ohiopyle\" would be written to parks/ohiopyle/a-b/index.html, as is photo 2 of park \"Ohiopyle\" (content/parks.plist:6)"
      ]),
    Case(
      name: "categories whose titles differ in case",
      files: ["content/categories.plist": categories([("Sleepy", "sleepy1"), ("SLEEPY", "sleepy2")])],
      photos: ["sleepy2.jpg"],
      expected: [
        "content/categories.plist:5: error: category \"SLEEPY\" would be written to categories/sleepy/index.html, as is category \"Sleepy\" (content/categories.plist:4)"
      ]),
  ]

  @Test("is an error naming both records", arguments: cases)
  func collision(_ testCase: Case) throws {
    let site = try MinimalSite.make(replacing: testCase.files, inMemory: true)
    for photo in testCase.photos { try site.photo(photo) }
    let report = site.build()
    #expect(TestSite.lines(report).filter { $0.contains(": error: ") } == testCase.expected)
    #expect(!report.succeeded)
  }

  @Test("a previewed folder's files that slug alike are numbered, since nobody can rename them there")
  func previewNumbers() throws {
    let folder = try TestSite()
    try FileManager.default.removeItem(atPath: folder.root + "/content")
    for name in ["a b.jpg", "a-b.jpg", "A B.jpg"] { try folder.write(name, "FAKE 800x600") }
    let workspace = try TestSite()
    let source = PreviewSource(fileSystem: LocalFileSystem(), codec: FakeCodec(), index: PhotoIndex())
      .load(folder: folder.root)
    let options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
    let report = Pipeline(fileSystem: LocalFileSystem(), codec: FakeCodec(), now: { TestSite.now }).build(
      source, options: options)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let pages = TestSite.files(in: workspace.root + "/out").keys.filter { $0.hasSuffix("/index.html") }
    #expect(pages.filter { $0.contains("/a-b-jpg") }.count == 3, "\(pages.sorted())")
  }

  @Test("the minimal site has no collision")
  func noCollision() throws {
    let report = try MinimalSite.make(inMemory: true).build(strict: true)
    #expect(report.succeeded)
  }
}
