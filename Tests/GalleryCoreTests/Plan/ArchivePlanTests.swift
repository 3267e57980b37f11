import Foundation
import Testing

@testable import GalleryCore

/// The albums' zips as the Plan stage decides them: which albums, which
/// members under which names, and the content hash a zip is cached by.
@Suite("Album zips: plan")
struct ArchivePlanTests {
  /// A photo of the site at content/photos/`id`.
  static func photo(_ id: String, hash: String? = nil, alpha: Bool = false, taken: String? = nil) -> Photo {
    let header = ImageHeader(storedWidth: 3000, storedHeight: 2000, orientation: 1, hasAlpha: alpha, format: "jpeg")
    var photo = Photo(
      id: id, file: "content/photos/" + id, path: "/site/content/photos/" + id, hash: hash ?? "h-" + id,
      header: header, stem: Slug.make(ArchivePlanner.stem(of: id)))
    photo.metadata.taken = taken
    return photo
  }

  /// A site whose one top album, "trips", holds `photos` and a child album "alps" with one photo.
  static func site(_ photos: [Photo], zip: ArchiveMode? = .originals) -> Site {
    var config = SiteConfig()
    config.zip = zip
    var site = Site(config: config, now: Date(timeIntervalSince1970: 0))
    var album = Album(title: "Trips", slug: "trips")
    album.items = photos.map { MediaItem(photo: $0, caption: $0.id, slug: Slug.make($0.id)) }
    var alps = Album(title: "Alps", slug: "alps")
    let peak = photo("alps/peak.jpg")
    alps.items = [MediaItem(photo: peak, caption: "Peak", slug: "peak")]
    album.albums = [alps]
    album.assignPaths(below: "")
    site.albums = [album]
    for photo in photos + [peak] { site.photos[photo.id] = photo }
    return site
  }

  static func archives(_ site: Site) -> [ArchiveJob] { OutputPlanner.plan(site).archives }

  @Test("a plan made album by album plans no zips: the staged build's `work` made them, once")
  func streamedPlanLeavesZipsToWork() {
    let site = Self.site([Self.photo("a.jpg")])
    let jobs = DerivativePlanner.plan(site)
    #expect(OutputPlanner.work(site).archives.count == 2)
    let streamed = OutputPlanner(site: site, jobs: jobs).plan(jobs: jobs) { _ in }
    #expect(streamed.archives.isEmpty && streamed.videos.isEmpty && streamed.jobs.isEmpty)
    #expect(!streamed.pages.isEmpty)
  }

  @Test("every album with items gets one zip beside its page, named by its slug, its members in album order")
  func oneZipPerAlbum() throws {
    let photos = [Self.photo("c.jpg"), Self.photo("a.jpg"), Self.photo("b.png")]
    let archives = Self.archives(Self.site(photos))
    #expect(archives.map(\.path) == ["trips/trips.zip", "trips/alps/alps.zip"])
    let trips = try #require(archives.first)
    #expect(trips.members.map(\.name) == ["c.jpg", "a.jpg", "b.png"])
    #expect(trips.members.map(\.source) == photos.map { .original(path: $0.path) })
    #expect(trips.members.map(\.file) == photos.map(\.file))
    #expect(trips.fileName == "trips.\(trips.hash).zip" && trips.hash.count == 10)
  }

  @Test("zip: true zips each photo's largest published copy, in the format every browser shows")
  func largest() throws {
    let photos = [Self.photo("a.jpg"), Self.photo("b.png"), Self.photo("c.png", alpha: true)]
    let site = Self.site(photos, zip: .largest)
    let plan = OutputPlanner.plan(site)
    let trips = try #require(plan.archives.first)
    #expect(trips.members.map(\.name) == ["a.jpg", "b.jpg", "c.png"])
    for (member, photo) in zip(trips.members, photos) {
      guard case .derivative(let derivative) = member.source else {
        Issue.record("\(member.name) is not a derivative")
        continue
      }
      #expect(derivative.spec.width == 2048 && !derivative.spec.crop)
      #expect(derivative.spec.format == (photo.header.hasAlpha ? .png : .jpeg))
      #expect(plan.jobs.contains { $0.all.contains(derivative) }, "the Images stage makes it")
    }
  }

  @Test(
    "names are unique as macOS and Windows compare them: a later clash gets -2, -3 before its extension",
    arguments: [
      (
        ArchiveMode.originals, ["a.jpg", "A.JPG", "x/a.jpg", "café.jpg", "cafe\u{301}.jpg"],
        ["a.jpg", "A-2.JPG", "a-3.jpg", "café.jpg", "cafe\u{301}-2.jpg"]
      ),
      (ArchiveMode.largest, ["a.jpg", "a.png", "a.jpeg", "a-2.jpg"], ["a.jpg", "a-2.jpg", "a-3.jpg", "a-2-2.jpg"]),
    ])
  func uniqueNames(mode: ArchiveMode, ids: [String], names: [String]) throws {
    let archives = Self.archives(Self.site(ids.map { Self.photo($0) }, zip: mode))
    #expect(try #require(archives.first).members.map(\.name) == names)
  }

  /// Photo names that an unzip tool could take for a path, a device or a
  /// terminal command, and the member name each becomes.
  static let hostileNames: [(id: String, name: String)] = [
    ("esc\u{1B}[2J.jpg", "esc_[2J.jpg"), ("bell\u{07}.jpg", "bell_.jpg"), ("new\nline.jpg", "new_line.jpg"),
    ("del\u{7F}c1\u{9B}.jpg", "del_c1_.jpg"), ("back\\slash.jpg", "back_slash.jpg"),
    ("C:evil.jpg", "C_evil.jpg"), ("a:b.jpg", "a_b.jpg"), ("CON.jpg", "_CON.jpg"), ("con", "_con"),
    ("prn.tar.jpg", "_prn.tar.jpg"), ("AUX .jpg", "_AUX .jpg"), ("NUL.jpg", "_NUL.jpg"),
    ("com1.jpg", "_com1.jpg"), ("LPT9.png", "_LPT9.png"), ("CONSOLE.jpg", "CONSOLE.jpg"), ("..", "file"),
    ("...jpg", "...jpg"), ("trailing. .", "trailing"), ("q?<>|*\".jpg", "q______.jpg"),
    ("café.jpg", "café.jpg"),
  ]

  @Test("a member's name is safe to unpack anywhere", arguments: hostileNames)
  func safeNames(id: String, name: String) throws {
    let archives = Self.archives(Self.site([Self.photo(id)]))
    #expect(try #require(archives.first).members.map(\.name) == [name])
  }

  @Test("names that come out alike after making them safe are still told apart")
  func uniqueAfterSafe() throws {
    let ids = ["a:b.jpg", "a\\b.jpg", "a\u{1B}b.jpg", "A_B.jpg", "con.jpg", "_con.jpg"]
    let archives = Self.archives(Self.site(ids.map { Self.photo($0) }))
    #expect(
      try #require(archives.first).members.map(\.name) == [
        "a_b.jpg", "a_b-2.jpg", "a_b-3.jpg", "A_B-4.jpg", "_con.jpg", "_con-2.jpg",
      ])
  }

  @Test(
    "the hash follows the content: the same input gives the same zip; a changed photo, name, order or mode a new one")
  func contentHash() throws {
    let photos = [Self.photo("a.jpg"), Self.photo("b.jpg"), Self.photo("c.jpg")]
    let base = try #require(Self.archives(Self.site(photos)).first)
    #expect(try #require(Self.archives(Self.site(photos)).first) == base)
    var changed = photos
    changed[1].hash = "edited"
    var renamed = photos
    renamed[2].id = "d.jpg"
    let variants = [
      Self.site(changed), Self.site(renamed), Self.site(photos.reversed()), Self.site(photos, zip: .largest),
      Self.site([Self.photo("a.jpg", taken: "2024:05:01 14:03:22")] + photos.dropFirst()),
    ]
    let hashes = try variants.map { try #require(Self.archives($0).first).hash }
    #expect(Set(hashes + [base.hash]).count == variants.count + 1)
    // The child album's zip does not change with its parent's photos.
    #expect(Self.archives(Self.site(changed)).last == Self.archives(Self.site(photos)).last)
  }

  @Test("no zips unless site.yml asks, and none for an album with no items of its own")
  func optIn() throws {
    #expect(Self.archives(Self.site([Self.photo("a.jpg")], zip: nil)).isEmpty)
    #expect(Self.archives(Self.site([])).map(\.path) == ["trips/alps/alps.zip"])
  }

  @Test("the album page links to its zip, relatively, with the photo count; none without zips")
  func link() throws {
    let site = Self.site([Self.photo("a.jpg"), Self.photo("b.jpg")])
    let planner = OutputPlanner(site: site, jobs: DerivativePlanner.plan(site))
    let album = try #require(site.albums.first)
    let link = try #require(planner.archiveLink(for: album, from: album.path))
    #expect(link.href == "trips.zip" && link.count == "2 photos")
    #expect(planner.archiveLink(for: album.albums[0], from: "trips/alps/peak/")?.href == "../alps.zip")
    #expect(planner.archiveLink(for: album, from: "")?.hash == Self.archives(site).first?.hash)
    let off = Self.site([Self.photo("a.jpg")], zip: nil)
    #expect(OutputPlanner(site: off, jobs: []).archiveLink(for: album, from: album.path) == nil)
  }

  @Test("the link's summary gives the zip's size once the Render stage knows it")
  func linkSize() throws {
    let link = ArchiveLink(href: "trips.zip", count: "3 photos", hash: "0123456789")
    let before = try #require(MustacheContextEncoder.encode(link) as? [String: Any])
    #expect(before["summary"] as? String == "3 photos" && before["size"] == nil)
    let sizes = [ArchiveLink.sizeKey(hash: "0123456789"): "12 MB"]
    let after = try #require(MustacheContextEncoder.encode(link, colours: sizes) as? [String: Any])
    #expect(after["summary"] as? String == "3 photos, 12 MB" && after["size"] as? String == "12 MB")
  }

  @Test(
    "sizes read as a download dialog says them",
    arguments: [
      (1, "1 byte"), (999, "999 bytes"), (1000, "1 kB"), (1_450, "1.5 kB"), (12_345_678, "12 MB"),
      (9_960_000, "10 MB"), (2_500_000_000, "2.5 GB"),
    ])
  func sizeText(bytes: Int, text: String) {
    #expect(ArchiveLink.size(bytes: bytes) == text)
  }

  @Test(
    "a member's time is the date taken as the camera wrote it, else the earliest a zip can say",
    arguments: [
      ("2024:05:01 14:03:22", DOSTime(date: 44 << 9 | 5 << 5 | 1, time: 14 << 11 | 3 << 5 | 11)),
      ("1980:01:01 00:00:00", DOSTime.earliest),
      ("1979:12:31 23:59:59", nil), ("2024:13:01 00:00:00", nil), ("2024-05-01", nil), ("", nil),
    ] as [(String, DOSTime?)])
  func memberTime(exif: String, time: DOSTime?) {
    #expect(DOSTime(exif: exif) == time)
  }
}
