import Foundation
import Testing

@testable import GalleryKit

@Suite("Write and cache")
struct WriteTests {
  @Test("a failed build leaves the previous output byte for byte")
  func failedBuildKeepsOutput() throws {
    let site = try MinimalSite.make()
    try site.write("public/.gitignore", "*\n")
    #expect(site.build().succeeded)
    let before = TestSite.files(in: site.root + "/public")
    #expect(before["index.html"] != nil)
    #expect(before[".gitignore"] != nil, "the user's dotfiles in the output survive the swap")
    try site.write("content/cats.json", "[{]")
    #expect(!site.build().succeeded)
    #expect(TestSite.files(in: site.root + "/public") == before)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root)
      .filter { $0.hasPrefix(".public.") }
    #expect(leftovers == [])
  }

  @Test("the same input gives byte-identical output")
  func deterministic() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    let first = TestSite.files(in: site.root + "/public")
    try FileManager.default.removeItem(atPath: site.root + "/.cache")
    #expect(site.build().succeeded)
    #expect(TestSite.files(in: site.root + "/public") == first)
  }

  @Test("a rebuild with no change reads no pixels; a new size makes only that size")
  func cacheHits() throws {
    let site = try MinimalSite.make()
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
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    let index = site.root + "/public/index.html"
    let before = try FileManager.default.attributesOfItem(atPath: index)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.05)
    let again = site.build()
    #expect(again.succeeded && again.outputUnchanged)
    #expect(try FileManager.default.attributesOfItem(atPath: index)[.modificationDate] as? Date == before)
    try site.write("content/facts.json", "[\"A new fact.\"]")
    let changed = site.build()
    #expect(changed.succeeded && !changed.outputUnchanged)
    #expect(site.read("public/facts/index.html")?.contains("A new fact.") == true)
  }

  @Test("renaming a photo re-encodes nothing")
  func rename() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    try FileManager.default.moveItem(
      atPath: site.root + "/content/photos/falls1.jpg", toPath: site.root + "/content/photos/cucumber.jpg")
    try site.write("content/parks.plist", MinimalSite.parks.replacingOccurrences(of: "falls1", with: "cucumber"))
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.imagesProcessed == 0 && report.imagesReused == 3)
  }

  @Test("derivatives of a removed photo are pruned after a successful build")
  func prune() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    try site.write("content/cats.json", MinimalSite.cats.replacingOccurrences(of: "\"cat1\"", with: "\"\""))
    try FileManager.default.removeItem(atPath: site.root + "/content/photos/cat1.png")
    let report = site.build()
    #expect(report.succeeded)
    #expect(report.derivativesPruned > 0)
    let images = try FileManager.default.contentsOfDirectory(atPath: site.root + "/public/images")
    #expect(!images.contains { $0.hasPrefix("cat1-") })
  }
}
