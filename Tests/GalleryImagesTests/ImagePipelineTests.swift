import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages

@Suite("Image pipeline")
struct ImagePipelineTests {
  /// A planned photo of `width`×`height` (stored) named `name`, with a stem made as the model makes it.
  static func photo(
    _ name: String, _ width: Int, _ height: Int, orientation: Int = 1, alpha: Bool = false, hash: String = "abc"
  ) -> Photo {
    let header = ImageHeader(
      storedWidth: width, storedHeight: height, orientation: orientation, hasAlpha: alpha,
      format: name.hasSuffix(".png") ? "png" : "jpeg")
    let stem = Slug.make(String(name.split(separator: ".").first ?? ""))
    return Photo(
      id: name, file: "content/photos/" + name, path: "/content/photos/" + name, hash: hash, header: header, stem: stem)
  }

  @Test("a header claiming more pixels than the limit is refused, not decoded")
  func pixelLimit() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "images:\n  max_megapixels: 50\n"])
    try site.photo("falls1.jpg", width: 10_000, height: 8_000)
    let report = site.build()
    #expect(!report.succeeded)
    #expect(
      TestSite.lines(report) == [
        "content/photos/falls1.jpg: error: image is 10000×8000, over the limit of 50 megapixels (images.max_megapixels in site.yml)"
      ])
    // Only the two photos within the limit are decoded.
    #expect(report.imagesProcessed == 2)
  }

  @Test("a header whose width × height overflows is refused with the shared message, never a crash")
  func pixelOverflow() throws {
    let site = try MinimalSite.make()
    try site.photo("falls1.jpg", width: 4_000_000_000_000, height: 4_000_000_000_000)
    let report = site.build()
    #expect(
      TestSite.lines(report) == [
        "content/photos/falls1.jpg: error: image is 4000000000000×4000000000000, over the limit of 200 megapixels (images.max_megapixels in site.yml)"
      ])
  }

  @Test("the width ladder never enlarges and the thumbnail is a square crop")
  func ladder() throws {
    var config = SiteConfig()
    config.widths = [320, 640, 1280]
    config.thumbnail = 200
    let photo = Self.photo("a.jpg", 900, 600)
    let job = DerivativePlanner.job(for: photo, config: config)
    #expect(job.display.map(\.spec.width) == [320, 320, 640, 640, 900, 900])
    #expect(job.display.map(\.spec.height) == [213, 213, 427, 427, 600, 600])
    #expect(Set(job.display.map(\.spec.format)) == [.webp, .jpeg])
    #expect(job.thumbnails.map(\.spec.width) == [200, 200, 400, 400])
    #expect(job.thumbnails.allSatisfy { $0.spec.crop && $0.spec.width == $0.spec.height })
    #expect(job.chain.decodeWidth == 900)
  }

  @Test("pages offer AVIF, then WebP, and fall back to JPEG, whatever order site.yml lists them in")
  func formatOrder() throws {
    let site = try MinimalSite.make(replacing: ["content/site.yml": "images:\n  formats: [jpeg, avif, webp]\n"])
    let report = site.build()
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let page = try #require(site.read("public/parks/index.html"))
    let picture = try #require(page.range(of: "<picture>").map { String(page[$0.lowerBound...].prefix(2000)) })
    let avif = try #require(picture.range(of: "<source type=\"image/avif\"")).lowerBound
    let webp = try #require(picture.range(of: "<source type=\"image/webp\"")).lowerBound
    let img = try #require(picture.range(of: "<img src=\"")).upperBound
    #expect(avif < webp && webp < img)
    #expect(picture[img...].prefix(200).contains(".jpg\""))
    #expect(!picture.contains("<source type=\"image/jpeg\""))
  }

  @Test("each size is reduced from the next larger kept copy, worked out from the specs alone")
  func resizeChain() {
    let spec = { (width: Int, height: Int, crop: Bool) in
      DerivativeSpec(width: width, height: height, crop: crop, format: .jpeg, quality: 80)
    }
    let specs = [
      spec(320, 213, false), spec(640, 427, false), spec(1280, 853, false), spec(1500, 1000, false),
      spec(240, 240, true), spec(480, 480, true),
    ]
    let chain = ResizeChain(specs: specs, decodeWidth: 1500, decodeHeight: 1000)
    #expect(chain.steps.map(\.width) == [1500, 1280, 640, 320, 106, 480, 240])
    // The full-size "width" is the decode itself: nothing smaller is made from it.
    // The sample is box-shrunk by 3 from the 320 px copy. The largest square is
    // cut from the smallest copy whose short side covers it; the smaller square
    // is reduced from that square, not cut again.
    #expect(chain.steps.map(\.source) == [nil, nil, 1, 2, 3, 1, 5])
    #expect(chain.sample == 4 && chain.steps[4].sampleShrink == 3 && chain.steps[4].height == 71)
    #expect(chain.steps.map(\.cuts) == [false, false, false, false, false, true, false])
    #expect(chain.steps.map(\.kept) == [false, true, true, true, false, true, true])
    // Every render takes the sample, which places the crop: asking for the
    // 240 px square alone still goes through 1280, 640, 320, the sample and the 480 square.
    #expect(chain.order(making: [6]) == [1, 2, 3, 4, 5, 6])
    #expect(chain.order(making: [0]) == [0, 1, 2, 3, 4])
    #expect(chain.lastUse(of: 2, in: [1, 2, 3, 4, 5]) == 3)
    #expect(chain.step(for: spec(106, 71, false)) == nil)
    // The run the codec executes as given: what each task saves, keeps and frees.
    let run = chain.run(writing: [(spec(240, 240, true), "/cache/t.jpg")])
    #expect(run.decodeWidth == 1500 && run.decodeHeight == 1000)
    #expect(run.tasks.map(\.index) == [1, 2, 3, 4, 5, 6])
    #expect(run.tasks.map(\.saves.count) == [0, 0, 0, 0, 0, 1])
    #expect(run.tasks.map(\.keep) == [true, true, true, false, true, false])
    #expect(run.tasks.map(\.frees) == [[], [], [2], [3], [1], [5]])
  }

  @Test("the plan decides the decode size and the chain from every spec of the job, whatever is cached")
  func plannedChain() {
    let photo = Self.photo("a.jpg", 4000, 3000)
    let job = DerivativePlanner.job(for: photo, config: SiteConfig())
    #expect(job.chain == ResizeChain(specs: job.all.map(\.spec), decodeWidth: 2048, decodeHeight: 1536))
    #expect(job.decodePixels == 2048 * 1536)
  }

  @Test("a photo shared in link previews gets one 1200 px JPEG, a leaf that leaves the ladder's steps as they were")
  func shareCopy() throws {
    let photo = Self.photo("a.jpg", 4000, 3000)
    let plain = DerivativePlanner.job(for: photo, config: SiteConfig())
    let job = DerivativePlanner.job(for: photo, config: SiteConfig(), share: true)
    let share = try #require(job.share)
    #expect(plain.share == nil && plain.all.count == 14)
    #expect(share.spec == DerivativeSpec(width: 1200, height: 900, crop: false, format: .jpeg, quality: 80))
    #expect(job.all == plain.all + [share])
    // Reduced from the 1280 px copy and kept for nothing: every other step,
    // its source and the decode are those of the plain job.
    let leaf = try #require(job.chain.step(for: share.spec))
    #expect(job.chain.steps[leaf].source == plain.chain.step(for: job.display[4].spec))
    #expect(!job.chain.steps[leaf].kept && !job.chain.steps[leaf].still)
    var ladder = job.chain.steps
    ladder.remove(at: leaf)
    #expect(ladder.map(\.width) == plain.chain.steps.map(\.width))
    #expect(ladder.map(\.source).map { $0.map { $0 > leaf ? $0 - 1 : $0 } } == plain.chain.steps.map(\.source))
    #expect(job.chain.decodeWidth == plain.chain.decodeWidth)
  }

  @Test("grid: justified adds uncropped tiles 240 and 480 px high, leaves that change no other copy")
  func justifiedTiles() throws {
    let photo = Self.photo("a.jpg", 3000, 2000)
    var config = SiteConfig()
    let plain = DerivativePlanner.job(for: photo, config: config)
    config.grid = .justified
    let job = DerivativePlanner.job(for: photo, config: config)
    #expect(plain.tiles.isEmpty)
    #expect(
      job.tiles.map(\.spec.width) == [360, 360, 720, 720] && job.tiles.map(\.spec.height) == [240, 240, 480, 480])
    #expect(job.tiles.allSatisfy { !$0.spec.crop })
    // Tiles are new files; the ladder's and the squares' names (so bytes) are the plain job's.
    #expect(job.all == plain.all + job.tiles)
    #expect(job.chain.decodeWidth == plain.chain.decodeWidth)
    for tile in job.tiles { #expect(job.chain.step(for: tile.spec) != nil) }
    // A 4:3 photo's tiles are its 320 and 640 px display copies: nothing more to make.
    let fourThree = DerivativePlanner.job(for: Self.photo("b.jpg", 4000, 3000), config: config)
    #expect(fourThree.tiles.allSatisfy(fourThree.display.contains) && fourThree.all.count == plain.all.count)
    // A photo lower than the tile is never enlarged: one height, its own.
    let low = DerivativePlanner.job(for: Self.photo("p.jpg", 600, 200), config: config)
    #expect(low.tiles.map(\.spec.height) == [200, 200] && low.tiles.map(\.spec.width) == [600, 600])
  }

  @Test("a share copy never enlarges: a narrow photo's is its display JPEG; one with alpha is a PNG")
  func shareCopySmall() throws {
    let small = DerivativePlanner.job(for: Self.photo("s.jpg", 900, 600), config: SiteConfig(), share: true)
    #expect(small.share?.spec.width == 900 && small.share.map(small.display.contains) == true)
    #expect(
      small.all.count == DerivativePlanner.job(for: Self.photo("s.jpg", 900, 600), config: SiteConfig()).all.count)
    let alpha = DerivativePlanner.job(
      for: Self.photo("a.png", 3000, 2000, alpha: true), config: SiteConfig(), share: true)
    #expect(alpha.share?.spec.format == .png && alpha.share?.spec.width == 1200 && alpha.share?.spec.height == 800)
    // A ladder that stops short of 1200 px decodes large enough for it.
    var config = SiteConfig()
    config.widths = [320, 640]
    let short = DerivativePlanner.job(for: Self.photo("b.jpg", 1600, 1200), config: config, share: true)
    #expect(short.share?.spec.width == 1200 && short.chain.decodeWidth == 1200)
    // That larger decode gives the ladder other bytes, so other names, even
    // where libjpeg's shrink does not differ (a PNG): a photo that stops
    // standing for a page never keeps copies of the larger decode.
    let png = Self.photo("b.png", 1600, 1200)
    let (pngShared, unshared) = (
      DerivativePlanner.job(for: png, config: config, share: true), DerivativePlanner.job(for: png, config: config)
    )
    #expect(pngShared.chain.decodeWidth == 1200 && unshared.chain.decodeWidth == 640)
    #expect(pngShared.chain.loadShrink == 1 && unshared.chain.loadShrink == 1)
    #expect(Set(pngShared.display.map(\.fileName)).isDisjoint(with: unshared.display.map(\.fileName)))
    #expect(Set(pngShared.thumbnails.map(\.fileName)).isDisjoint(with: unshared.thumbnails.map(\.fileName)))
  }

  @Test("photos are shared only on a site with a base URL: the album items, covers, cats' and facts' photos")
  func sharedPhotos() throws {
    let site = try MinimalSite.make(inMemory: true)
    try site.photo("breeds/abys/a.jpg")
    try site.photo("breeds/abys/b.jpg")
    let model = site.model()
    #expect(SharedPhotos.ids(in: model).isEmpty)
    var published = model
    published.config.baseURL = "https://example.org"
    let ids = SharedPhotos.ids(in: published)
    #expect(ids.contains("breeds/abys/a.jpg") && !ids.contains("breeds/abys/b.jpg"))
    let items = published.albums.flatMap(\.allAlbums).flatMap(\.items).map(\.photo.id)
    #expect(!items.isEmpty && ids.isSuperset(of: items))
    let jobs = DerivativePlanner.plan(published)
    #expect(jobs.filter { $0.share != nil }.map(\.photo.id).sorted() == ids.sorted())
  }

  @Test("EXIF orientation 6 swaps the planned width and height")
  func rotatedPlan() {
    let photo = Self.photo("r.jpg", 4000, 3000, orientation: 6)
    let job = DerivativePlanner.job(for: photo, config: SiteConfig())
    // Shown upright it is 3000×4000, so the 2048 rung is portrait.
    #expect(job.display.last?.spec.width == 2048)
    #expect(job.display.last?.spec.height == 2731)
    #expect(job.chain.decodeWidth == 2048 && job.chain.decodeHeight == 2731)
  }

  @Test("PNGs with alpha keep it: their fallback is PNG, not JPEG")
  func alphaFormats() {
    let photo = Self.photo("p.png", 400, 400, alpha: true)
    #expect(DerivativePlanner.formats(for: photo, config: SiteConfig()) == [.webp, .png])
  }

  @Test("derivative names change with the source, the spec and nothing else")
  func names() {
    let a = Self.photo("a.jpg", 800, 600, hash: "111")
    var moved = a
    moved.id = "elsewhere/a.jpg"
    moved.file = "content/photos/elsewhere/a.jpg"
    var edited = a
    edited.hash = "222"
    let spec = DerivativeSpec(width: 320, height: 240, crop: false, format: .jpeg, quality: 80)
    #expect(DerivativePlanner.derivative(a, spec).hash == DerivativePlanner.derivative(moved, spec).hash)
    #expect(DerivativePlanner.derivative(a, spec).hash != DerivativePlanner.derivative(edited, spec).hash)
    var better = spec
    better.quality = 90
    #expect(DerivativePlanner.derivative(a, spec).hash != DerivativePlanner.derivative(a, better).hash)
    // WebP at another effort is other bytes; a JPEG has no effort to change.
    var webp = spec
    webp.format = .webp
    var quicker = webp
    quicker.effort = 0
    #expect(DerivativePlanner.derivative(a, webp).hash != DerivativePlanner.derivative(a, quicker).hash)
    var jpeg = spec
    jpeg.effort = 0
    #expect(DerivativePlanner.derivative(a, spec).hash == DerivativePlanner.derivative(a, jpeg).hash)
  }

  @Test(
    "only derivative names, new or from before names carried the stem, are recognised as the cache's",
    arguments: [
      ("falls1-320x240.0123456789.jpg", "0123456789.jpg"), ("a-b-2-1x1.abcdef0123.avif", "abcdef0123.avif"),
      ("0123456789.webp", "0123456789.webp"), ("item-40x40.fedcba9876.png", "fedcba9876.png"),
      ("IMG_1.jpg", nil), ("notes.txt", nil), ("deadbeef.jpg", nil), ("0123456789.JPG", nil),
      ("0123456789.gif", nil), ("ABCDEF0123.jpg", nil), ("falls1-320x240.jpg", nil),
      ("Falls1-320x240.0123456789.jpg", nil), ("falls1-320.0123456789.jpg", nil), ("falls1--1x1.0123456789.jpg", nil),
      ("-1x1.0123456789.jpg", nil), ("falls1-1x1.0123456789.jpg.tmp", nil), (".0123456789.jpg", nil),
      (".tmp-12-ab12cd34-falls1-1x1.0123456789.jpg", nil), ("falls1-１x1.0123456789.jpg", nil),
    ] as [(String, String?)])
  func derivativeNames(_ name: String, _ work: String?) {
    #expect(DerivativeName.work(of: name) == work)
  }

  @Test("a planned derivative's name holds its hash and format")
  func plannedName() {
    let photo = Self.photo("a b.jpg", 800, 600, hash: "111")
    for derivative in DerivativePlanner.job(for: photo, config: SiteConfig()).all {
      #expect(derivative.fileName.hasPrefix("a-b-\(derivative.spec.width)x\(derivative.spec.height)."))
      #expect(
        DerivativeName.work(of: derivative.fileName) == DerivativeName.work(of: derivative))
    }
  }

  @Test("a build shows no info panel unless site.yml lists rows in images.exif")
  func exifAllowList() throws {
    let site = try MinimalSite.make()
    try site.write("content/photos/falls1.jpg", "FAKE 800x600 exif")
    #expect(site.build().succeeded)
    let page = try #require(site.read("public/parks/ohiopyle/falls1/index.html"))
    #expect(!page.contains("Fake Cam 1"))
    try site.write("content/site.yml", "images:\n  exif: [camera, date]\n")
    #expect(site.build().succeeded)
    let shown = try #require(site.read("public/parks/ohiopyle/falls1/index.html"))
    #expect(shown.contains("Fake Cam 1"))
    #expect(shown.contains("2019-10-07 12:34"))
  }

  @Test("off a terminal, progress is a plain line every few seconds and at the end")
  func progressOffTerminal() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: false, interval: 5) { lines.append($0) }
    for done in 1...10 {
      printer.report(BuildProgress(done: done, total: 10, elapsed: Double(done)))
    }
    #expect(
      lines.all == [
        "images: 1/10 photos, 1.0/s, 0:09 left\n",
        "images: 6/10 photos, 1.0/s, 0:04 left\n",
        "images: 10/10 photos, 1.0/s\n",
      ])
  }

  @Test("on a terminal, progress redraws one bar in place")
  func progressOnTerminal() {
    let lines = LockedLines()
    let printer = ProgressPrinter(isTerminal: true) { lines.append($0) }
    printer.report(BuildProgress(done: 1, total: 4, elapsed: 1))
    printer.report(BuildProgress(done: 4, total: 4, elapsed: 2))
    #expect(lines.all.count == 2)
    #expect(lines.all[0].hasPrefix("\r\u{1B}[K[######..................] 1/4 photos"))
    #expect(lines.all[1].hasSuffix("\n"))
  }
}
