import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryOutput

/// The no-change short cut: a rebuild whose inputs are untouched since the last
/// clean build does nothing, and any change that could alter the output defeats it.
@Suite("No-change rebuild")
struct RebuildTests {
  /// Sets every input's modification time `seconds` into the past, as if the
  /// site had been left alone since; fresh files are never trusted by time.
  func age(_ site: TestSite, by seconds: Double = 3600) throws {
    try age(site, to: Self.wallClock.addingTimeInterval(-seconds))
  }

  /// The builds' wall clock: fixed, so the two-second trust window never
  /// depends on how fast the machine is.
  static let wallClock = Date(timeIntervalSince1970: 1_900_000_000)

  func age(_ site: TestSite, to date: Date) throws {
    for folder in ["content", "templates"] {
      let base = site.root + "/" + folder
      for path in (try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? [] {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: base + "/" + path)
      }
    }
  }

  func build(
    _ site: TestSite, day: Date = TestSite.now, clock: Date = Self.wallClock, program: ProgramIdentity? = nil,
    configure: (inout BuildOptions) -> Void = { _ in }
  ) -> BuildReport {
    var options = BuildOptions(siteRoot: site.root)
    options.home = site.root + "/fake-home"
    configure(&options)
    let pipeline = Pipeline(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), now: { day }, clock: { clock },
      program: program)
    return pipeline.build(options)
  }

  @Test("a file changed within two seconds of a build is not trusted by its time, later it is")
  func racilyClean() throws {
    let site = try MinimalSite.make()
    try age(site, by: 1)
    #expect(build(site).succeeded)
    let again = build(site)
    #expect(again.succeeded && stages(again).contains("load"))
    let later = Self.wallClock.addingTimeInterval(10)
    #expect(build(site, clock: later).succeeded)
    #expect(stages(build(site, clock: later)) == ["check"])
  }

  func stages(_ report: BuildReport) -> [String] { report.timings.map(\.stage) }

  @Test("an untouched site is not loaded, rendered or written again, and reports the same numbers")
  func shortCut() throws {
    let site = try MinimalSite.make()
    try age(site)
    let first = build(site)
    #expect(first.succeeded && stages(first).contains("render"))
    let again = build(site)
    #expect(again.succeeded && again.outputUnchanged)
    #expect(stages(again) == ["check"])
    #expect(again.pages == first.pages && again.files == first.files && again.bytes == first.bytes)
    #expect(again.imagesReused == first.imagesProcessed + first.imagesReused)
  }

  /// An edit that keeps the file's size is noticed by its modification time
  /// (aged 1,800 s, not 3,600 s as the build saw it) and, when a copy that
  /// keeps times set that back to what the last build saw (3,600 s), by its
  /// status change time alone.
  @Test(
    "an edit that keeps the file's size is noticed, even with its modification time set back",
    arguments: [1800.0, 3600.0])
  func sameSizeEdit(agedBy seconds: Double) throws {
    let site = try MinimalSite.make()
    try age(site)
    #expect(build(site).succeeded)
    let parks = try #require(site.read("content/parks.plist"))
    try site.write("content/parks.plist", parks.replacingOccurrences(of: "Cucumber Falls", with: "Cucumber Fells"))
    try age(site, by: seconds)
    let edited = build(site)
    #expect(edited.succeeded && stages(edited).contains("render"))
    #expect(site.read("public/parks/index.html")?.contains("Cucumber Fells") == true)
  }

  @Test("a new day, another base URL, --force or a missing output rebuild")
  func otherReasons() throws {
    let site = try MinimalSite.make()
    try age(site)
    #expect(build(site).succeeded)
    let tomorrow = build(site, day: TestSite.now.addingTimeInterval(86_400))
    #expect(stages(tomorrow).contains("render"), "cats' ages are counted from the day")
    let moved = build(site, day: TestSite.now.addingTimeInterval(86_400)) { $0.baseURL = "https://example.org" }
    #expect(stages(moved).contains("render"))
    let forced = build(site) { $0.force = true }
    #expect(stages(forced).contains("render"))
    #expect(build(site).outputUnchanged)
    try FileManager.default.removeItem(atPath: site.root + "/public")
    let restored = build(site)
    #expect(restored.succeeded && stages(restored).contains("render"))
    #expect(site.read("public/index.html") != nil)
  }

  @Test("a build with warnings is remembered: the short cut says them again, --strict still fails")
  func warningsRepeat() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "title: Cats\ncolour: blue\n"])
    try site.write("content/photos/falls1.jpg", "FAKE 400x300 damaged")
    try age(site)
    let first = build(site)
    #expect(first.succeeded && TestSite.lines(first).count == 2, "\(TestSite.lines(first))")
    let again = build(site)
    #expect(again.succeeded && again.outputUnchanged && stages(again) == ["check"])
    #expect(again.diagnostics == first.diagnostics, "the same warnings, in the same order")
    let strict = build(site) { $0.strict = true }
    #expect(!strict.succeeded && stages(strict).contains("model"), "--strict builds and fails, as without a record")
    #expect(strict.diagnostics == first.diagnostics)
    #expect(stages(build(site)).contains("load"), "the strict build's record was not this one's")
    #expect(build(site).diagnostics == first.diagnostics)
  }

  @Test("a build whose warnings the inputs alone do not decide is not remembered")
  func warningsNotOfTheInputs() throws {
    let site = try MinimalSite.make()
    try age(site)
    // A folder where the photo index's one shard goes: it cannot be saved,
    // which each build must find out again (the folder may be gone by then).
    try FileManager.default.createDirectory(
      atPath: site.root + "/.cache/catgallery/photos/" + PhotoIndex.shardName(of: "") + "/x",
      withIntermediateDirectories: true)
    let first = build(site)
    #expect(first.succeeded && TestSite.lines(first).count == 1, "\(TestSite.lines(first))")
    let again = build(site)
    #expect(again.succeeded && stages(again).contains("load"))
    #expect(again.diagnostics == first.diagnostics)
  }

  @Test("a video tool that comes or goes defeats the short cut")
  func videoTool() throws {
    let site = try MinimalSite.make()
    try age(site)
    let pipeline = { (video: VideoTool?) in
      Pipeline(
        fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), video: video,
        now: { TestSite.now }, clock: { Self.wallClock })
    }
    var options = BuildOptions(siteRoot: site.root)
    options.home = site.root + "/fake-home"
    let missing = { FakeVideoTool(capabilities: .missing) }
    #expect(pipeline(missing()).build(options).succeeded)
    #expect(pipeline(missing()).build(options).timings.map(\.stage) == ["check"])
    let installed = pipeline(FakeVideoTool()).build(options)
    #expect(installed.succeeded && installed.timings.map(\.stage).contains("load"))
    #expect(pipeline(FakeVideoTool()).build(options).timings.map(\.stage) == ["check"])
    #expect(pipeline(nil).build(options).timings.map(\.stage).contains("load"))
  }

  @Test("restoring the input of the last good build after a failed one gives that site back")
  func failureThenRestore() throws {
    let site = try MinimalSite.make()
    let then = Self.wallClock.addingTimeInterval(-3600)
    try age(site, to: then)
    #expect(build(site).succeeded)
    let good = try #require(site.read("public/cats/index.html"))
    let cats = try #require(site.read("content/cats.json"))
    try site.write("content/cats.json", "[{]")
    try age(site, by: 1800)
    #expect(!build(site).succeeded)
    try site.write("content/cats.json", cats)
    try age(site, to: then)
    #expect(build(site).outputUnchanged)
    #expect(site.read("public/cats/index.html") == good)
  }
}
