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

  @Test("the digest of names is the same in any order and changes with any name")
  func digest() {
    let names = ["cat1-64x64.0123456789.jpg", "cat1-128x128.0123456789.webp", "falls1-640x480.abcdef0123.jpg"]
    let digest = OutputManifest.digest(names: names)
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
