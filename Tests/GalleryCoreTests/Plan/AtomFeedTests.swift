import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import GalleryCore

/// The Atom feed: `feed.xml` on a site with a base URL, with the elements RFC
/// 4287 requires, its newest photos and facts in an order and with dates that
/// depend on the content alone, linked from every page.
@Suite("Atom feed")
struct AtomFeedTests {
  static let base = "https://example.org/cats"

  /// Four park photos, two with a date taken; one category photo; `facts` facts.
  static func site(baseURL: String? = base, facts: Int = 2) throws -> TestSite {
    let photos = (1...4).map { number in
      """
      <dict><key>imageName</key><string>p\(number)</string>\
      <key>caption</key><string>Photo \(number) &amp; &lt;friends&gt;</string></dict>
      """
    }
    let parks = MinimalSite.parks.replacing(
      #/<array>\s*<dict>\s*<key>imageName</key>.*?</dict>\s*</array>/#.dotMatchesNewlines(),
      with: "<array>" + photos.joined() + "</array>")
    let factList = (1...facts).map { "{\"fact\": \"Fact number \($0).\", \"length\": 3}" }
    let site = try MinimalSite.make(
      replacing: [
        "content/parks.plist": parks, "content/facts.json": "{\"data\": [\(factList.joined(separator: ","))]}",
        "content/site.yml": baseURL.map { "base_url: \($0)\n" } ?? "",
      ], inMemory: true)
    try site.write("content/photos/p1.jpg", "FAKE 800x600 taken=2020:06:01 10:00:00")
    try site.write("content/photos/p2.jpg", "FAKE 800x600")
    try site.write("content/photos/p3.jpg", "FAKE 800x600 taken=2023:05:01 14:03:22 offset=+02:00")
    try site.write("content/photos/p4.jpg", "FAKE 800x600")
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    return site
  }

  /// The text of every element at `path` below `node`.
  static func texts(_ node: XMLNode, _ path: String) throws -> [String] {
    try node.nodes(forXPath: path).map { $0.stringValue ?? "" }
  }

  @Test("feed.xml parses and has what RFC 4287 requires of a feed and of each entry, every URL absolute")
  func structure() throws {
    let site = try Self.site()
    let data = Data(try #require(site.read("public/feed.xml")).utf8)
    let document = try XMLDocument(data: data)
    let feed = try #require(document.rootElement())
    #expect(feed.name == "feed" && feed.uri == "http://www.w3.org/2005/Atom")
    #expect(try Self.texts(feed, "*[local-name()='id']") == [Self.base + "/"])
    #expect(try Self.texts(feed, "*[local-name()='title']") == ["Cat Gallery"])
    #expect(try Self.texts(feed, "*[local-name()='updated']") == ["2023-05-01T12:03:22Z"])
    #expect(try Self.texts(feed, "*[local-name()='author']/*[local-name()='name']") == ["Cat Gallery"])
    #expect(try Self.texts(feed, "*[local-name()='link'][@rel='self']/@href") == [Self.base + "/feed.xml"])
    let entries = try feed.nodes(forXPath: "*[local-name()='entry']")
    #expect(entries.count == 7)
    let date = try Regex(#"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$"#)
    for entry in entries {
      for name in ["id", "title", "updated", "summary"] {
        #expect(try Self.texts(entry, "*[local-name()='\(name)']").count == 1, "\(name)")
      }
      let id = try #require(try Self.texts(entry, "*[local-name()='id']").first)
      #expect(id.hasPrefix(Self.base + "/") && id.hasSuffix("/"))
      #expect(try Self.texts(entry, "*[local-name()='link'][@rel='alternate']/@href") == [id])
      #expect(try Self.texts(entry, "*[local-name()='updated']").allSatisfy { $0.wholeMatch(of: date) != nil })
      for image in try Self.texts(entry, "*[local-name()='link'][@rel='enclosure']/@href") {
        #expect(image.hasPrefix(Self.base + "/images/"))
        #expect(site.read("public/" + image.dropFirst(Self.base.count + 1)) != nil, "\(image) is not written")
      }
    }
  }

  @Test("newest by date taken first, then undated photos and facts, each the last in its file first")
  func order() throws {
    let site = try Self.site()
    let document = try XMLDocument(data: Data(try #require(site.read("public/feed.xml")).utf8))
    let feed = try #require(document.rootElement())
    let ids = try Self.texts(feed, "*[local-name()='entry']/*[local-name()='id']").map {
      String($0.dropFirst(Self.base.count + 1))
    }
    #expect(
      ids == [
        "parks/ohiopyle/p3/", "parks/ohiopyle/p1/", "categories/sleepy/sleepy1/", "parks/ohiopyle/p4/",
        "parks/ohiopyle/p2/", "facts/fact-number-2/", "facts/fact-number-1/",
      ])
    let updated = try Self.texts(feed, "*[local-name()='entry']/*[local-name()='updated']")
    // An undated photo is dated by its file's time (the memory file system's clock).
    let sleepy = try site.fileSystem.attributes(of: site.root + "/content/photos/sleepy1.jpg").modified
    #expect(
      Array(updated.prefix(3)) == [
        "2023-05-01T14:03:22+02:00", "2020-06-01T10:00:00Z", FeedDate(modified: sleepy).text,
      ])
    // Escaped once in the text, twice in the HTML content.
    let xml = try #require(site.read("public/feed.xml"))
    #expect(xml.contains("<title>Photo 1 &amp; &lt;friends&gt;</title>"))
    #expect(xml.contains("&lt;p&gt;Photo 1 &amp;amp; &amp;lt;friends&amp;gt;&lt;/p&gt;"))
  }

  @Test("a photo with no date taken is dated by its file's modification time, never 1970, the same on every build")
  func undatedPhotos() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "base_url: \(Self.base)\n"])
    let modified = Date(timeIntervalSince1970: 1_709_528_767.75)
    for name in ["falls1.jpg", "sleepy1.jpg", "cat1.png"] {
      try FileManager.default.setAttributes(
        [.modificationDate: modified], ofItemAtPath: site.root + "/content/photos/" + name)
    }
    // Older than the photos, so the feed's own date is theirs.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: site.root + "/content/facts.json")
    #expect(site.build().succeeded)
    let feed = try #require(site.read("public/feed.xml"))
    let document = try XMLDocument(data: Data(feed.utf8))
    let root = try #require(document.rootElement())
    let photos = try root.nodes(forXPath: "*[local-name()='entry']").filter {
      try !Self.texts($0, "*[local-name()='id']").joined().contains("/facts/")
    }
    #expect(photos.count == 2)
    for photo in photos {
      #expect(try Self.texts(photo, "*[local-name()='updated']") == ["2024-03-04T05:06:07Z"])
    }
    #expect(try Self.texts(root, "*[local-name()='updated']") == ["2024-03-04T05:06:07Z"])
    // The same files give the same feed.
    #expect(site.build().succeeded)
    #expect(site.read("public/feed.xml") == feed)
  }

  @Test("a fact is dated by facts.json's modification time, never 1970")
  func datedFacts() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "base_url: \(Self.base)\n"])
    let modified = Date(timeIntervalSince1970: 1_600_000_000.5)
    try FileManager.default.setAttributes(
      [.modificationDate: modified], ofItemAtPath: site.root + "/content/facts.json")
    #expect(site.build().succeeded)
    let document = try XMLDocument(data: Data(try #require(site.read("public/feed.xml")).utf8))
    let root = try #require(document.rootElement())
    let facts = try root.nodes(forXPath: "*[local-name()='entry']").filter {
      try Self.texts($0, "*[local-name()='id']").joined().contains("/facts/")
    }
    #expect(!facts.isEmpty)
    for fact in facts {
      #expect(try Self.texts(fact, "*[local-name()='updated']") == ["2020-09-13T12:26:40Z"])
    }
  }

  @Test("at most 50 entries: the oldest facts are left out")
  func limit() throws {
    let site = try Self.site(facts: 60)
    let xml = try #require(site.read("public/feed.xml"))
    let ids = xml.matches(of: #/<entry>\s*<id>([^<]*)</id>/#).map { String($0.output.1) }
    #expect(ids.count == 50)
    #expect(ids.last == Self.base + "/facts/fact-number-16/")
  }

  @Test("every page links to the feed; without a base URL there is neither feed nor link")
  func linked() throws {
    let site = try Self.site()
    let link =
      "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"\(Self.base)/feed.xml\" title=\"Cat Gallery\">"
    let pages = site.files(under: "public").filter { $0.key.hasSuffix(".html") }
    #expect(pages.count > 10)
    for (path, data) in pages {
      #expect(String(decoding: data, as: UTF8.self).contains(link), "\(path)")
    }
    let unpublished = try Self.site(baseURL: nil)
    #expect(unpublished.read("public/feed.xml") == nil)
    for (path, data) in unpublished.files(under: "public") where path.hasSuffix(".html") {
      #expect(!String(decoding: data, as: UTF8.self).contains("application/atom+xml"), "\(path)")
    }
  }

  @Test("a rebuild replaces the feed it wrote and one without a base URL removes it, never keeping it as the user's")
  func rebuilt() throws {
    let site = try Self.site()
    try site.write("content/facts.json", "{\"data\": [{\"fact\": \"A new fact.\", \"length\": 3}]}")
    let again = site.build()
    #expect(
      again.succeeded && !TestSite.lines(again).contains { $0.contains("keeps your") }, "\(TestSite.lines(again))")
    #expect(site.read("public/feed.xml")?.contains("A new fact.") == true)
    try site.write("content/site.yml", "")
    let unpublished = site.build()
    #expect(unpublished.succeeded && !TestSite.lines(unpublished).contains { $0.contains("keeps your") })
    #expect(site.read("public/feed.xml") == nil)
  }

  @Test(
    "a date taken becomes an Atom date: its own offset, else UTC; no date, a zero date or a non-date is none",
    arguments: [
      ("2023:05:01 14:03:22", "+02:00", "2023-05-01T14:03:22+02:00", 1_682_942_602.0),
      ("2023:05:01 14:03:22", nil, "2023-05-01T14:03:22Z", 1_682_949_802.0),
      ("2023-05-01 14:03:22", "-05:30", "2023-05-01T14:03:22-05:30", 1_682_969_602.0),
      ("2023:05:01 14:03:22", "+2:00", "2023-05-01T14:03:22Z", 1_682_949_802.0),
      ("2023:05:01 25:61:00", nil, "2023-05-01T00:00:00Z", 1_682_899_200.0),
    ] as [(String, String?, String, Double)])
  func dates(taken: String, offset: String?, text: String, seconds: Double) {
    let date = FeedDate(taken: taken, offset: offset)
    #expect(date?.text == text)
    #expect(date?.instant == Date(timeIntervalSince1970: seconds))
  }

  @Test("text is escaped for XML, and characters XML 1.0 cannot hold are left out")
  func escape() {
    #expect(AtomFeed.escape("a\u{1}b & <c> \"d\"\t\u{FFFE}é") == "ab &amp; &lt;c&gt; &quot;d&quot;\té")
  }

  @Test("no date, the all-zero date and a day that does not exist give no Atom date")
  func noDates() {
    #expect(FeedDate(taken: nil, offset: nil) == nil)
    #expect(FeedDate(taken: "0000:00:00 00:00:00", offset: nil) == nil)
    #expect(FeedDate(taken: "2023:02:30 10:00:00", offset: nil) == nil)
    #expect(FeedDate(taken: "a while ago", offset: "+01:00") == nil)
  }
}
