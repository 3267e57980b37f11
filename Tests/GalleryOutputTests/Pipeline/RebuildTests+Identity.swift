import Foundation
import TestSupport
import Testing

@testable import GalleryOutput

/// What the no-change short cut takes a build's identity from: the output
/// folder, by one normalised path (the same folder named another way is still
/// up to date), and the program (a rebuilt one is not).
extension RebuildTests {
  /// The output, `root/public`, named as a user might type it.
  static let spellings: [(name: String, spell: @Sendable (String) -> String)] = [
    ("trailing slash", { $0 + "/public/" }),
    ("dot-dot", { $0 + "/content/../public" }),
    ("dot", { $0 + "/./public" }),
    ("relative to the working folder", { relative($0) + "/public" }),
    ("symlinked parent", { linked($0) + "/public" }),
  ]

  /// `path` relative to the working folder: as many `..` as it takes to reach `/`.
  static func relative(_ path: String) -> String {
    let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
    return String(repeating: "../", count: depth) + path.drop { $0 == "/" }
  }

  /// A link beside the site that leads to it.
  static func linked(_ root: String) -> String {
    let link = root + "-link"
    try? FileManager.default.removeItem(atPath: link)
    try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: root)
    return link
  }

  @Test(
    "the same output folder named another way is still up to date",
    arguments: spellings.indices)
  func sameFolderOtherName(_ index: Int) throws {
    let (name, spell) = Self.spellings[index]
    let site = try MinimalSite.make()
    defer { try? FileManager.default.removeItem(atPath: site.root + "-link") }
    try age(site)
    #expect(build(site).succeeded)
    let again = build(site) { $0.output = spell(site.root) }
    #expect(again.succeeded && again.outputUnchanged, "\(name)")
    #expect(stages(again) == ["check"], "\(name): \(spell(site.root))")
    let back = build(site)
    #expect(stages(back) == ["check"], "\(name), then the plain name again")
  }

  @Test("an output named through a link is the folder the link leads to now, not the name")
  func retargetedLink() throws {
    let site = try MinimalSite.make()
    try age(site)
    let link = site.root + "/out"
    #expect(build(site) { $0.output = site.root + "/two" }.succeeded)
    try FileManager.default.createDirectory(atPath: site.root + "/one", withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: site.root + "/one")
    #expect(build(site) { $0.output = link }.succeeded)
    #expect(stages(build(site) { $0.output = link }) == ["check"])
    try FileManager.default.removeItem(atPath: link)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: site.root + "/two")
    #expect(stages(build(site) { $0.output = link }).contains("load"), "the record is of one/, not two/")
  }
}

extension RebuildTests {
  @Test("a rebuilt program makes the last build's record stale; the same program keeps it")
  func rebuiltProgram() throws {
    let site = try MinimalSite.make()
    try age(site)
    let old = ProgramIdentity(path: "/usr/local/bin/catgallery", size: 4_000_000, modified: 1_800_000_000)
    let rebuilt = ProgramIdentity(path: old.path, size: 4_000_000, modified: 1_800_000_100)
    #expect(build(site, program: old).succeeded)
    #expect(stages(build(site, program: old)) == ["check"])
    let after = build(site, program: rebuilt)
    #expect(after.succeeded && stages(after).contains("load"))
    #expect(stages(build(site, program: rebuilt)) == ["check"])
    let bigger = ProgramIdentity(path: old.path, size: 4_000_001, modified: rebuilt.modified)
    #expect(stages(build(site, program: bigger)).contains("load"))
  }
}
