import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// The output's manifest and the cache's upkeep hold a site's derivatives
/// compactly (issue 24): a site of 20,000 photos shows 160,000 of them.
@Suite("Output manifest: derivatives in one digest")
struct ManifestTests {
  @Test("the saved manifest names its derivatives in one line, however many there are")
  func oneLine() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    let folder = site.root + "/.cache/catgallery/outputs"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let name = try #require(names.first { !$0.hasPrefix(".") })
    let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    #expect(WriteTests.images(site).count > 1)
    #expect(text.split(separator: "\n").filter { $0.hasPrefix("d\t") }.count == 1)
  }

  @Test("a manifest that lists each derivative's name (version 1) reads as none")
  func oldManifest() {
    let old = "catgallery output manifest 1\nf\t00\tindex.html\nd\tcat1-64x64.0123456789.jpg\n"
    #expect(OutputManifest(Data(old.utf8)) == nil)
  }

  /// A manifest as the version before digests were kept as numbers wrote it.
  static let saved = """
    catgallery output manifest 2
    f\t0f1e2d3c4b5a69788796a5b4c3d2e1f0\tindex.html
    f\t00000000000000000000000000000001\tparks/caf\u{e9} #1/index.html
    f\tffffffffffffffff0000000000000000\tsearch/t-0a.json
    d\t9a8b7c6d5e4f30211203f4e5d6c7b8a9
    z\tparks-0123456789.zip\tparks/parks.zip

    """

  @Test("a saved manifest reads back to digests of 16 bytes and is written again byte for byte")
  func roundTrip() throws {
    let manifest = try #require(OutputManifest(Data(Self.saved.utf8)))
    let digest: ContentDigest = try #require(manifest.files["index.html"])
    #expect(digest == ContentDigest(high: 0x0f1e_2d3c_4b5a_6978, low: 0x8796_a5b4_c3d2_e1f0))
    #expect(MemoryLayout<ContentDigest>.size == 16)
    #expect(manifest.files.count == 3)
    #expect(String(decoding: manifest.data, as: UTF8.self) == Self.saved)
  }

  @Test(
    "a file's digest that is not 32 lower-case hex digits makes the manifest unreadable",
    arguments: [
      "0f1e2d3c4b5a69788796a5b4c3d2e1f", "0f1e2d3c4b5a69788796a5b4c3d2e1f00", "0F1E2D3C4B5A69788796A5B4C3D2E1F0",
      "+f1e2d3c4b5a6978+796a5b4c3d2e1f0", "0f1e2d3c4b5a6978 796a5b4c3d2e1f0", "",
    ])
  func damagedDigest(digest: String) {
    let text = "catgallery output manifest 2\nf\t\(digest)\tindex.html\n"
    #expect(OutputManifest(Data(text.utf8)) == nil)
  }

  @Test("a file's digest is the first 128 bits of its SHA-256, as before")
  func fileDigest() {
    // `printf '<p>hello' | sha256sum` begins so.
    #expect(OutputManifest.digest(Data("<p>hello".utf8)).hex == "2c35ceb98d7757a74449079db9858dba")
  }

  @Test("the digest of names is the same in any order and changes with any name")
  func digest() {
    let names = ["cat1-64x64.0123456789.jpg", "cat1-128x128.0123456789.webp", "falls1-640x480.abcdef0123.jpg"]
    let digest = OutputManifest.digest(names: names)
    // The sum of each name's SHA-256's first 32 hex digits, in Python.
    #expect(digest == "f55a5186472f01b31e173b75ad6e481b")
    #expect(ContentDigest(high: 0, low: .max) &+ ContentDigest(high: 0, low: 1) == ContentDigest(high: 1, low: 0))
    #expect(ContentDigest(high: .max, low: .max) &+ ContentDigest(high: 0, low: 1) == ContentDigest(high: 0, low: 0))
    #expect(OutputManifest.digest(names: names.reversed()) == digest)
    #expect(OutputManifest.digest(names: names.dropLast()) != digest)
    #expect(OutputManifest.digest(names: names.dropLast() + ["falls1-640x480.abcdef0124.jpg"]) != digest)
    var manifest = OutputManifest()
    manifest.derivatives = digest
    #expect(OutputManifest(manifest.data) == manifest)
  }

  @Test("derivatives without repeats: the first of each, in order; the list itself when none repeats")
  func unique() {
    let spec = DerivativeSpec(width: 64, height: 64, crop: true, format: .jpeg, quality: 80)
    let a = Derivative(spec: spec, stem: "a", hash: "0123456789")
    let b = Derivative(spec: spec, stem: "b", hash: "0123456789")
    let c = Derivative(spec: spec, stem: "a", hash: "9876543210")
    #expect(Derivative.firstIndices([a, b, a, c, b]) == [0, 1, 3])
    #expect(Derivative.unique([a, b, a, c, b]) == [a, b, c])
    #expect(Derivative.unique([c, b, a]) == [c, b, a])
    #expect(Derivative.unique([]).isEmpty)
  }
}
