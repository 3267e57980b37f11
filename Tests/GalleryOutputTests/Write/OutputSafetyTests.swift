import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryOutput

/// Issue 11, data loss: a build replaces only a folder it owns, never a
/// protected one, keeps the user's entries through the swap and after a kill,
/// and one build at a time writes an output. Only temp folders and a fake home
/// are ever written; system folders are checked by the pure rule alone.
@Suite("Robustness: output folders")
struct OutputSafetyTests {
  static func refusal(_ folder: String) -> String {
    "refusing to replace \(folder): it holds files that catgallery did not make (it has no .catgallery-output file); "
      + "empty it, choose another output folder, or pass --force to replace it"
  }

  static func protected(_ folder: String, _ reason: String) -> String {
    "refusing to write the site into \(folder): \(reason); choose another output folder (--force does not change this)"
  }

  @Test("a folder of the user's is refused, named, and left as it was; --force replaces it")
  func refusesForeignFolder() throws {
    let site = try MinimalSite.make()
    let work = try TestSite()
    try work.write("thesis/thesis.txt", "four years of work")
    try work.write("theme/templates/page.mustache", "{{title}}")
    for name in ["thesis", "theme"] {
      let folder = ProtectedFolders.normalise(work.root + "/" + name)
      let before = TestSite.files(in: folder)
      let report = site.build(output: folder)
      #expect(!report.succeeded)
      #expect(TestSite.lines(report) == ["error: " + Self.refusal(folder)])
      #expect(TestSite.files(in: folder) == before)
    }
    let forced = site.build(output: work.root + "/thesis", force: true)
    #expect(forced.succeeded)
    #expect(work.read("thesis/index.html") != nil)
  }

  @Test(
    "an empty folder, one of dotfiles only, and one catgallery made are replaced",
    arguments: [[:], [".gitignore": "*\n", ".nojekyll": "", ".git/HEAD": "ref: refs/heads/gh-pages\n"]])
  func acceptsOwnedFolders(_ dotfiles: [String: String]) throws {
    let site = try MinimalSite.make()
    try FileManager.default.createDirectory(atPath: site.root + "/public", withIntermediateDirectories: true)
    for (path, text) in dotfiles { try site.write("public/" + path, text) }
    #expect(site.build().succeeded)
    for (path, text) in dotfiles { #expect(site.read("public/" + path) == text) }
    #expect(site.read("public/.catgallery-output")?.contains("\nindex.html\n") == true)
    // Marked now: anything the user adds at the top level is theirs and is kept.
    try site.write("public/CNAME", "cats.example.org\n")
    try site.write("content/facts.json", "[\"Cats sleep a lot.\"]")
    #expect(site.build().succeeded)
    #expect(site.read("public/CNAME") == "cats.example.org\n")
    #expect(site.read("public/facts/index.html")?.contains("Cats sleep a lot.") == true)
  }

  @Test("an output that is a link to nothing is refused with a message that says so")
  func danglingOutput() throws {
    let site = try MinimalSite.make()
    try FileManager.default.createSymbolicLink(atPath: site.root + "/out", withDestinationPath: site.root + "/gone")
    let report = site.build(output: site.root + "/out")
    let path = ProtectedFolders.normalise(site.root) + "/out"
    #expect(
      TestSite.lines(report) == [
        "error: refusing to write the site to \(path): it is a link to nothing; remove the link or make its target"
      ])
  }

  @Test("an output built before the marker existed is recognised from the site's cache")
  func acceptsOutputFromEarlierVersion() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    try FileManager.default.removeItem(atPath: site.root + "/public/.catgallery-output")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    #expect(FileManager.default.fileExists(atPath: site.root + "/public/.catgallery-output"))
  }

  @Test("a cloned site cannot vouch for a folder outside it: public/ or serve's folder linking out is refused")
  func cacheCannotVouchForOutside() throws {
    let site = try MinimalSite.make()
    let victim = try TestSite()
    try victim.write("keys/id_ed25519", "secret")
    let keys = ProtectedFolders.normalise(victim.root + "/keys")
    // A hostile repository commits public -> the victim's folder, and a build
    // record saying an earlier catgallery built there.
    try FileManager.default.createSymbolicLink(atPath: site.root + "/public", withDestinationPath: keys)
    try site.write(
      ".cache/catgallery/build.json",
      "{\"fingerprint\":\"x\",\"output\":\"\(keys)\",\"pages\":1,\"files\":1,\"bytes\":1,\"images\":0}")
    let report = site.build()
    #expect(TestSite.lines(report) == ["error: " + Self.refusal(keys)])
    #expect(victim.read("keys/id_ed25519") == "secret")
    // The same for serve's own folder, which it updates in place.
    try FileManager.default.createDirectory(atPath: site.root + "/.cache/catgallery", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: site.root + "/.cache/catgallery/serve", withDestinationPath: keys)
    var options = BuildOptions(siteRoot: site.root, output: site.root + "/.cache/catgallery/serve")
    options.home = site.root + "/fake-home"
    options.target = .live(LiveState(bodySuffix: "", defersImages: false))
    let served = Pipeline(fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader()).build(
      options)
    #expect(
      TestSite.lines(served) == [
        ".cache/catgallery/serve: error: the cache folder links to \(keys); catgallery writes and prunes it, so it "
          + "must be a real folder inside the site"
      ])
    #expect(victim.read("keys/id_ed25519") == "secret")
  }

  @Test(
    "a posters or photo index folder linking out of the site is refused before a file is written or pruned there",
    arguments: [("posters", "0123abcd-poster-v1-1080p.png"), ("photos", "0123456789abcdef.json")])
  func cacheFolderLinkingOut(folder: String, name: String) throws {
    let site = try MinimalSite.make()
    let victim = try TestSite()
    try victim.write("pictures/" + name, "mine")
    let target = ProtectedFolders.normalise(victim.root + "/pictures")
    try FileManager.default.createDirectory(atPath: site.root + "/.cache/catgallery", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: site.root + "/.cache/catgallery/" + folder, withDestinationPath: target)
    #expect(
      TestSite.lines(site.build()) == [
        ".cache/catgallery/\(folder): error: the cache folder links to \(target); catgallery writes and prunes it, so "
          + "it must be a real folder inside the site"
      ])
    #expect(victim.files(under: "pictures").keys.sorted() == [name])
    #expect(victim.read("pictures/" + name) == "mine")
  }

  @Test("a marker is a claim: it never makes a dotfile or a name a build cannot write catgallery's")
  func markerIsNotTrustedBlindly() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    try site.write("public/.git/HEAD", "ref\n")
    try site.write("public/CNAME", "cats.example.org\n")
    try site.write("public/thesis.txt", "mine")
    let marker = try #require(site.read("public/.catgallery-output"))
    try site.write("public/.catgallery-output", marker + ".git\nCNAME\nthesis.txt\n")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    #expect(site.build(force: true).succeeded)
    #expect(site.read("public/.git/HEAD") == "ref\n")
    #expect(site.read("public/CNAME") == "cats.example.org\n")
    #expect(site.read("public/thesis.txt") == "mine")
  }

  @Test("the prune deletes only files named as derivatives are")
  func pruneOnlyDerivatives() throws {
    let site = try MinimalSite.make()
    #expect(site.build().succeeded)
    try site.write(".cache/catgallery/derivatives/notes.txt", "mine")
    try site.write(".cache/catgallery/derivatives/0123456789.jpg", "stale")
    try site.write("content/facts.json", "[\"Cats purr.\"]")
    let report = site.build()
    #expect(report.succeeded && report.derivativesPruned == 1)
    #expect(site.read(".cache/catgallery/derivatives/notes.txt") == "mine")
  }

  @Test("the home folder, the site, its content, templates and cache are refused even with --force")
  func refusesProtectedFolders() throws {
    let site = try MinimalSite.make()
    try site.write("templates/page.mustache", "{{title}}")
    let home = try TestSite()
    try home.write("notes.txt", "mine")
    let root = ProtectedFolders.normalise(site.root)
    let cases: [(String, String)] = [
      (ProtectedFolders.normalise(home.root), "it is your home folder"),
      (root, "it is or holds the site itself"),
      (root + "/..", "it holds your home folder"),
      (root + "/content", "it is or holds the site's content/"),
      (root + "/content/photos", "it is or holds the site's content/"),
      (root + "/templates", "it is or holds the site's templates/"),
      (root + "/.cache/catgallery", "it is, holds or lies inside the image cache"),
      (root + "/.cache", "it is, holds or lies inside the image cache"),
      (root + "/.cache/catgallery/derivatives", "it is, holds or lies inside the image cache"),
      (root + "/.cache/catgallery/serve", "it is, holds or lies inside the image cache"),
      (root + "/.git", "it is or lies inside a git repository's .git folder"),
      (root + "/.git/public", "it is or lies inside a git repository's .git folder"),
    ]
    for (output, reason) in cases {
      let before = TestSite.files(in: site.root)
      let report = site.build(output: output, force: true, home: home.root)
      #expect(TestSite.lines(report) == ["error: " + Self.protected(ProtectedFolders.normalise(output), reason)])
      #expect(TestSite.files(in: site.root) == before, "nothing written for \(output)")
      #expect(home.read("notes.txt") == "mine")
    }
  }

  @Test(
    "system folders are never an output; folders inside some of them may be",
    arguments: [
      ("/", "it is the root of the file system"), ("/etc", "it is a system folder (/etc)"),
      ("/usr", "it is a system folder (/usr)"), ("/usr/share/doc", "it is a system folder (/usr)"),
      ("/home", "it is a system folder"), ("/var", "it is a system folder"), ("/tmp", "it is a system folder"),
      ("/srv/fake-home/..", "it holds your home folder"), ("/srv/fake-home", "it is your home folder"),
      ("/opt", "it is a system folder"), ("/srv/site/content/x", "it is or holds the site's content/"),
    ])
  func systemFolders(_ path: String, _ reason: String) {
    let rule = OutputFolder.Protected(siteRoot: "/srv/site", cacheFolder: "/srv/site/.cache", home: "/srv/fake-home")
    #expect(OutputFolder(path).protectedReason(rule) == reason)
  }

  @Test("a site may be written below a system folder that holds sites", arguments: ["/var/www/cats", "/tmp/x/public"])
  func belowSystemFolders(_ path: String) {
    let rule = OutputFolder.Protected(siteRoot: "/srv/site", cacheFolder: "/srv/site/.cache", home: "/srv/fake-home")
    #expect(OutputFolder(path).protectedReason(rule) == nil)
  }

  @Test("preview --build-to into the home folder or the previewed folder is refused")
  func previewBuildTo() throws {
    let home = try TestSite()
    try home.write("photos/a.jpg", "FAKE 800x600")
    try home.write("diary.txt", "mine")
    let workspace = try TestSite()
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader(), index: PhotoIndex()
    )
    .load(folder: home.root + "/photos")
    let root = ProtectedFolders.normalise(home.root)
    for (output, reason) in [
      (root, "it is your home folder"),
      (root + "/photos", "it is, holds or lies inside \(root)/photos, which is only read"),
      (root + "/photos/site", "it is, holds or lies inside \(root)/photos, which is only read"),
    ] {
      var options = BuildOptions(siteRoot: workspace.root, output: output)
      options.home = home.root
      options.readOnlyFolders = [home.root + "/photos"]
      options.force = true
      let report = Pipeline(fileSystem: LocalFileSystem(), codec: FakeCodec(), metadata: FakeMetadataReader()).build(
        source, options: options)
      #expect(TestSite.lines(report) == ["error: " + Self.protected(output, reason)])
    }
    #expect(home.read("diary.txt") == "mine")
  }

  @Test("init refuses the home folder, takes a folder of dotfiles and keeps its .gitignore")
  func initRules() throws {
    let home = try TestSite()
    #expect(throws: InitError.self) {
      try SiteInitializer.create(at: home.root, home: home.root, fileSystem: LocalFileSystem())
    }
    #expect(!FileManager.default.fileExists(atPath: home.root + "/content/site.yml"))
    let repository = try TestSite()
    try FileManager.default.removeItem(atPath: repository.root + "/content")
    try repository.write(".git/HEAD", "ref: refs/heads/main\n")
    try repository.write(".gitignore", "node_modules/")
    try SiteInitializer.create(at: repository.root, home: home.root, fileSystem: LocalFileSystem())
    #expect(repository.read(".gitignore") == "node_modules/\n.cache/\n")
    #expect(repository.read(".git/HEAD") == "ref: refs/heads/main\n")
  }

  @Test("a second build of the same output waits for the first and says so")
  func secondBuildWaits() throws {
    let site = try MinimalSite.make()
    var held: FolderLock? = try LocalFileSystem().lock(site.root) {}
    let notices = Notices()
    let reports = Reports()
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      reports.add(site.build(notice: { notices.add($0) }))
      finished.signal()
    }
    // The build cannot finish while the lock is held; it says why it waits.
    #expect(finished.wait(timeout: .now() + 1) == .timedOut)
    let output = ProtectedFolders.normalise(site.root + "/public")
    #expect(notices.all == ["another catgallery build is writing \(output); waiting for it to finish"])
    #expect(held != nil)
    held = nil
    finished.wait()
    #expect(reports.all.map(\.succeeded) == [true])
  }

  @Test("two builds of one output at once both succeed and leave a whole site")
  func concurrentBuilds() throws {
    let site = try MinimalSite.make()
    for round in 0..<6 {
      try site.write("content/facts.json", "[\"Fact number \(round).\"]")
      let reports = Reports()
      DispatchQueue.concurrentPerform(iterations: 2) { _ in reports.add(site.build()) }
      #expect(reports.all.allSatisfy { $0.succeeded }, "\(reports.all.flatMap(TestSite.lines))")
      #expect(site.read("public/facts/index.html")?.contains("Fact number \(round).") == true)
      let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root).filter { $0.hasPrefix(".public.") }
      #expect(leftovers == [])
    }
  }
}

/// Thread-safe lists for the concurrency tests.
private final class Notices: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  func add(_ text: String) { lock.withLock { list.append(text) } }
  var all: [String] { lock.withLock { list } }
}

private final class Reports: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [BuildReport] = []
  func add(_ report: BuildReport) { lock.withLock { list.append(report) } }
  var all: [BuildReport] { lock.withLock { list } }
}
