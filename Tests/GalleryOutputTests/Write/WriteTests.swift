import Foundation
import TestSupport
import Testing

@testable import GalleryCore

@Suite("Write and cache")
struct WriteTests {
  @Test("a failed build leaves the previous output byte for byte")
  func failedBuildKeepsOutput() throws {
    let site = try MinimalSite.make(inMemory: true)
    try site.write("public/.gitignore", "*\n")
    #expect(site.build().succeeded)
    let before = site.files(under: "public")
    #expect(before["index.html"] != nil)
    #expect(before[".gitignore"] != nil, "the user's dotfiles in the output survive the swap")
    try site.write("content/cats.json", "[{]")
    #expect(!site.build().succeeded)
    #expect(site.files(under: "public") == before)
    let leftovers = try site.fileSystem.entries(of: site.root)
      .filter { $0.hasPrefix(".public.") }
    #expect(leftovers == [])
  }

  @Test("the same input gives byte-identical output")
  func deterministic() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let first = site.files(under: "public")
    try site.fileSystem.remove(site.root + "/.cache")
    #expect(site.build().succeeded)
    #expect(site.files(under: "public") == first)
  }

  @Test("a rebuild with no change reads no pixels; a new size makes only that size")
  func cacheHits() throws {
    let site = try MinimalSite.make(inMemory: true)
    let cold = site.build()
    #expect(cold.imagesProcessed == 3 && cold.imagesReused == 0)
    let warm = site.build()
    #expect(warm.imagesProcessed == 0 && warm.imagesReused == 3)
    try site.write("content/site.yml", "images:\n  widths: [320, 500, 640]\n")
    let resized = site.build()
    // The 400 px cat photo already had every width it can have (320 and 400).
    #expect(resized.imagesProcessed == 2 && resized.imagesReused == 1)
    #expect(resized.derivativesPruned > 0, "the 1280 and 2048 sizes are gone")
  }

  @Test("a rebuild that would write the same site leaves the output alone")
  func unchangedOutput() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let index = site.root + "/public/index.html"
    let before = try site.fileSystem.attributes(of: index).modified
    let again = site.build()
    #expect(again.succeeded && again.outputUnchanged)
    #expect(try site.fileSystem.attributes(of: index).modified == before)
    try site.write("content/facts.json", "[\"A new fact.\"]")
    let changed = site.build()
    #expect(changed.succeeded && !changed.outputUnchanged)
    #expect(site.read("public/facts/index.html")?.contains("A new fact.") == true)
  }

  @Test("renaming a photo re-encodes nothing")
  func rename() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    try site.fileSystem.move(site.root + "/content/photos/falls1.jpg", to: site.root + "/content/photos/cucumber.jpg")
    try site.write("content/parks.plist", MinimalSite.parks.replacingOccurrences(of: "falls1", with: "cucumber"))
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.imagesProcessed == 0 && report.imagesReused == 3)
  }

  @Test("a copy of a photo under another name links the original's derivatives under its own names")
  func copiedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    try site.photo("twin.jpg")
    let entry = "<dict><key>imageName</key><string>twin</string><key>caption</key><string>Twin</string></dict>"
    try site.write(
      "content/parks.plist",
      MinimalSite.parks.replacingOccurrences(
        of: "<key>photos</key>\n    <array>", with: "<key>photos</key>\n    <array>" + entry))
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(report.imagesProcessed == 0 && report.imagesReused == 4)
    let cached = Self.cached(site)
    #expect(cached.filter { $0.hasPrefix("twin-") }.count == cached.filter { $0.hasPrefix("falls1-") }.count)
    #expect(cached == Self.images(site))
  }

  @Test("derivatives of a removed photo are pruned after a successful build")
  func prune() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    try site.write("content/cats.json", MinimalSite.cats.replacingOccurrences(of: "\"cat1\"", with: "\"\""))
    try site.fileSystem.remove(site.root + "/content/photos/cat1.png")
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.derivativesPruned > 0)
    let images = try site.fileSystem.entries(of: site.root + "/public/images")
    #expect(!images.contains { $0.hasPrefix("cat1-") })
  }

  @Test("a build runs its stages in order, each timed once, and touches no disk")
  func stagesInOrder() throws {
    let site = try MinimalSite.make(inMemory: true)
    let report = site.build()
    #expect(report.succeeded)
    #expect(
      report.timings.map(\.stage) == [
        "check", "load", "index", "model", "plan", "images", "render", "search", "write", "cache",
      ])
    #expect(!FileManager.default.fileExists(atPath: site.root), "an in-memory site never reaches the disk")
  }

  /// The derivative files in the cache, by name (temporary files aside).
  static func cached(_ site: TestSite) -> Set<String> {
    let names = (try? site.fileSystem.entries(of: site.root + "/.cache/catgallery/derivatives")) ?? []
    return Set(names.filter { !$0.hasPrefix(".") })
  }

  /// The files under public/images/, by name.
  static func images(_ site: TestSite) -> Set<String> {
    Set((try? site.fileSystem.entries(of: site.root + "/public/images")) ?? [])
  }

  @Test("a derivative has one name: the cache holds exactly the files public/images has, by the same names")
  func oneName() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    #expect(site.build().succeeded)
    let images = Self.images(site)
    #expect(!images.isEmpty)
    #expect(Self.cached(site) == images)
    #expect(images.allSatisfy { $0.hasPrefix("falls1-") || $0.hasPrefix("sleepy1-") || $0.hasPrefix("cat1-") })
  }

  @Test("the prune removes old-style <hash>.<ext> files and stale derivatives, never the user's files")
  func pruneByName() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let folder = ".cache/catgallery/derivatives/"
    let mine = ["notes.txt", "IMG_1.jpg", "deadbeef.jpg", "holiday-320x240.jpg", "0123456789.JPG", "a.0123456789.gif"]
    let stale = ["0123456789.jpg", "fedcba9876.webp", "gone-320x240.0123456789.webp", "old-2-1x1.abcdef0123.avif"]
    for name in mine + stale { try site.write(folder + name, "x") }
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.derivativesPruned == stale.count)
    let left = Self.cached(site)
    #expect(left.isSuperset(of: mine))
    #expect(left.isDisjoint(with: stale))
    #expect(left.subtracting(mine) == Self.images(site))
  }

  @Test("a cache from before names carried the stem is linked under the new names, not made again, then pruned")
  func oldCacheAdopted() throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let folder = site.root + "/.cache/catgallery/derivatives/"
    for name in Self.cached(site) {
      // `falls1-800x600.0123456789.jpg` → `0123456789.jpg`
      let old = name.split(separator: ".").suffix(2).joined(separator: ".")
      if old != name { try site.fileSystem.move(folder + name, to: folder + old) }
    }
    try site.fileSystem.remove(site.root + "/public")
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.imagesProcessed == 0 && report.imagesReused == 3)
    #expect(Self.cached(site) == Self.images(site))
  }

  @Test(
    "a cache file that is garbled, truncated or of another shape reads as a cold cache, and is written anew",
    arguments: ["photos/" + PhotoIndex.shardName(of: ""), "placeholders.json", "build.json"])
  func garbledCacheFile(_ name: String) throws {
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let built = site.files(under: "public")
    for garbage in ["{\"entries\": [", "[1, 2, 3]", ""] {
      try site.write(".cache/catgallery/" + name, garbage)
      try site.fileSystem.remove(site.root + "/public")
      let report = site.build()
      #expect(report.succeeded && TestSite.lines(report).isEmpty)
      #expect(site.files(under: "public") == built)
      // build.json is saved only once the input has been still for two seconds.
      if name != "build.json" {
        #expect(site.read(".cache/catgallery/" + name)?.hasPrefix("{") == true, "\(name) is saved again")
      }
    }
  }
}
