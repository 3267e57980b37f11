/// The smallest valid site touching every input; tests break one file at a time.
package enum MinimalSite {
  package static let parks = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <array>
      <dict>
        <key>name</key>
        <string>Ohiopyle</string>
        <key>photos</key>
        <array>
          <dict>
            <key>imageName</key>
            <string>falls1</string>
            <key>caption</key>
            <string>Cucumber Falls</string>
          </dict>
        </array>
      </dict>
    </array>
    </plist>
    """

  package static let categories = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <array>
      <dict>
        <key>CategoryTitle</key>
        <string>Sleepy</string>
        <key>ImageNames</key>
        <array>
          <string>sleepy1</string>
        </array>
      </dict>
    </array>
    </plist>
    """

  package static let breeds = """
    [
      {
        "id": "abys",
        "name": "Abyssinian",
        "origin": "Egypt",
        "temperament": "Active, Energetic",
        "life_span": "14 - 15",
        "weight": {"imperial": "7  -  10", "metric": "3 - 5"},
        "adaptability": 5,
        "wikipedia_url": "https://en.wikipedia.org/wiki/Abyssinian_(cat)"
      },
      {"id": "beng", "name": "Bengal", "origin": "United States"}
    ]
    """

  package static let cats = """
    [
      {
        "_id": "5d9a1c2e8f0b2a0011a1b2c3",
        "catName": "Felis catus",
        "ownerName": "Ruth Hill",
        "breedId": "abys",
        "birthDate": "2015-03-12T08:21:44.000Z",
        "weightKg": 4,
        "rating": 4,
        "photoUrl": "cat1"
      }
    ]
    """

  package static let facts = """
    {"data": [{"fact": "Cats sleep a lot.", "length": 3}]}
    """

  package static let note = """
    ---
    title: About the Abyssinian
    ---
    # Lively

    A *busy* cat.
    """

  package static var files: [String: String] {
    [
      "content/parks.plist": parks,
      "content/categories.plist": categories,
      "content/breeds.json": breeds,
      "content/cats.json": cats,
      "content/facts.json": facts,
      "content/notes/abys.md": note,
    ]
  }

  /// The minimal site with its three photos, on disk or `inMemory`.
  package static func make(replacing overrides: [String: String] = [:], inMemory: Bool = false) throws -> TestSite {
    let site = try TestSite(files: files.merging(overrides) { _, new in new }, inMemory: inMemory)
    try site.photo("falls1.jpg")
    try site.photo("sleepy1.jpg", width: 600, height: 900)
    try site.photo("cat1.png", width: 400, height: 400, alpha: true)
    return site
  }
}
