import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput
@testable import GalleryServe

/// `serve` keeps what a rebuild read while its files are unchanged (the
/// photos of content/photos/, the photo index), and never serves a page made
/// from something stale: after every edit the folder is byte for byte what a
/// clean `build` of the same content writes.
@Suite("Rebuilds reuse what did not change")
struct ReuseTests {
  /// A metadata reader that counts the photos it reads.
  struct CountingReader: MetadataReader {
    let inner: FakeMetadataReader
    let reads = Locked(0)

    func read(_ tags: [MetadataTag], from path: String) -> RawMetadata {
      reads.increment()
      return inner.read(tags, from: path)
    }
  }

  /// Rebuilds as a live site does (in place, with a snapshot of the inputs),
  /// without the reload script or edit links, so its pages are those a build writes.
  struct PlainServe {
    let builder: Pipeline
    var options: BuildOptions

    init(_ site: TestSite) {
      builder = site.builder()
      options = BuildOptions(siteRoot: site.root, output: site.root + "/served")
      options.target = .live(LiveState(bodySuffix: "", defersImages: false))
    }

    func build() -> BuildReport {
      var options = options
      options.inputs = Watcher.snapshot(
        of: [options.siteRoot + "/content", options.siteRoot + "/templates"], in: builder.fileSystem)
      return builder.build(options)
    }
  }

  /// The served folder equals what a clean `build` of the same content writes.
  func expectSameAsBuild(_ site: TestSite, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let folder = "built-\(UUID().uuidString)"
    #expect(site.builder().build(BuildOptions(siteRoot: site.root, output: site.root + "/" + folder)).succeeded)
    let visible = { (files: [String: Data]) in
      files.filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
    }
    let served = visible(site.files(under: "served"))
    let built = visible(site.files(under: folder))
    #expect(served.keys.sorted() == built.keys.sorted(), sourceLocation: sourceLocation)
    for (path, data) in built where served[path] != data {
      Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
    }
  }

  @Test("a caption edit reads no photo again, even with the photo index gone from the disk")
  func captionEditReadsNoPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let reader = CountingReader(inner: FakeMetadataReader(fileSystem: site.fileSystem))
    let builder = Pipeline(
      fileSystem: site.fileSystem, codec: FakeCodec(fileSystem: site.fileSystem), metadata: reader,
      now: { TestSite.now })
    let serve = LiveSite(builder: builder, options: BuildOptions(siteRoot: site.root, output: site.root + "/served"))
    #expect(serve.build().succeeded)
    #expect(reader.reads.current > 0)
    try site.fileSystem.remove(site.root + "/.cache/catgallery/photos.json")
    reader.reads.set(0)
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    #expect(serve.build().succeeded)
    #expect(reader.reads.current == 0)
    #expect(site.read("served/parks/index.html")?.contains("Cucumber Cascade") == true)
  }

  @Test("after a caption edit the served pages are those of a clean build")
  func captionEditSameAsBuild() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Cascade"))
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("Cucumber Cascade") == true)
    expectSameAsBuild(site)
  }

  @Test("a photo replaced under serve is read again: its page and images change")
  func replacedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("800") == true)
    // Same size of file, other bytes: only the time and the content tell.
    try site.photo("falls1.jpg", width: 900, height: 700)
    let edited = serve.build()
    #expect(edited.succeeded && edited.imagesProcessed == 1)
    #expect(site.read("served/parks/ohiopyle/falls1/index.html")?.contains("900") == true)
    expectSameAsBuild(site)
  }

  @Test("a photo added and one removed under serve change the album pages and the sitemap")
  func addedAndRemovedPhoto() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    try site.photo("falls3.jpg", width: 900, height: 700)
    let entry = "<dict><key>imageName</key><string>falls3</string><key>caption</key><string>Third</string></dict>"
    try site.write(
      "content/parks.plist",
      MinimalSite.parks.replacingOccurrences(
        of: "<key>photos</key>\n    <array>", with: "<key>photos</key>\n    <array>" + entry))
    #expect(serve.build().succeeded)
    #expect(site.read("served/sitemap.xml")?.contains("falls3") == true)
    expectSameAsBuild(site)
    try site.fileSystem.remove(site.root + "/content/photos/falls3.jpg")
    try site.write("content/parks.plist", MinimalSite.parks)
    #expect(serve.build().succeeded)
    #expect(site.read("served/sitemap.xml")?.contains("falls3") == false)
    expectSameAsBuild(site)
  }

  @Test("a breed edit changes the breed's page and the search index as a clean build does")
  func breedEdit() throws {
    let site = try MinimalSite.make(inMemory: true)
    let serve = PlainServe(site)
    #expect(serve.build().succeeded)
    let breeds = try #require(site.read("content/breeds.json"))
    try site.write("content/breeds.json", breeds.replacingOccurrences(of: "Abyssinian", with: "Abyssinienne"))
    #expect(serve.build().succeeded)
    #expect(
      site.files(under: "served/breeds").values.contains {
        String(decoding: $0, as: UTF8.self).contains("Abyssinienne")
      })
    expectSameAsBuild(site)
  }
}
