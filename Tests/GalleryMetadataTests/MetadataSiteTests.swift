import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryMetadata
@testable import GalleryOutput

/// Real photos through the whole build with libvips and exiv2: captions in a
/// preview, the info panel, and what is never published.
@Suite("metadata on the built site", .enabled(if: ExifTool.runs))
struct MetadataSiteTests {
  static func pipeline() throws -> Pipeline {
    Pipeline(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader(), now: { TestSite.now })
  }

  /// Previews `folder` into a new workspace.
  static func preview(_ folder: String) throws -> (BuildReport, TestSite) {
    let workspace = try TestSite()
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader(), index: PhotoIndex()
    ).load(folder: folder)
    let options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
    return (try pipeline().build(source, options: options), workspace)
  }

  static let camera = [
    "-EXIF:Make=Canon", "-EXIF:Model=Canon EOS R6", "-EXIF:FNumber=2.8", "-EXIF:ExposureTime=1/250",
    "-EXIF:ISO=200", "-EXIF:FocalLength=50", "-EXIF:DateTimeOriginal=2023:05:01 14:03:22",
  ]
  static let secrets = [
    "-GPSLatitude=47.3769", "-GPSLatitudeRef=N", "-GPSLongitude=8.5417", "-GPSLongitudeRef=E",
    "-EXIF:SerialNumber=2081234", "-EXIF:OwnerName=Jane Roe",
  ]

  @Test("a preview shows a 2,000-character caption whole and the info panel, never GPS, serials or owners")
  func preview() throws {
    let caption = Exiv2ReaderTests.text(2_000)
    let photos = try ExifTool.photos([
      ("long.jpg", ["-XMP-dc:Description=\(caption)"] + Self.camera + Self.secrets),
      ("plain.jpg", ["-EXIF:ImageDescription=OLYMPUS DIGITAL CAMERA"]),
    ])
    let (report, workspace) = try Self.preview(photos.root)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let pages = TestSite.files(in: workspace.root + "/out").filter { $0.key.hasSuffix(".html") }
    let photoPage = try #require(
      pages.first { $0.key.hasSuffix("/long-jpg/index.html") }.map { String(decoding: $0.value, as: UTF8.self) })
    #expect(photoPage.contains(">\(caption)</h1>"))
    for row in ["Canon EOS R6", "1/250 s · f/2.8 · 50 mm · ISO 200", "2023-05-01 14:03"] {
      #expect(photoPage.contains("<dd>\(row)</dd>"), "\(row)")
    }
    // The camera's boilerplate is no caption: the file name is.
    let plainPage = try #require(pages.first { $0.key.hasSuffix("/plain-jpg/index.html") })
    #expect(String(decoding: plainPage.value, as: UTF8.self).contains("<h1>plain</h1>"))
    for (path, data) in pages {
      let html = String(decoding: data, as: UTF8.self)
      for secret in ["47.37", "8.54", "2081234", "Jane Roe", "Location", "Serial"] {
        #expect(!html.contains(secret), "\(path) publishes \(secret)")
      }
    }
  }

  @Test("a preview turns a photo of every EXIF orientation that exiftool wrote upright, on its page and in its files")
  func orientations() throws {
    // landscape.jpg is stored 720 × 480; orientations 5 to 8 turn it a quarter.
    let photos = try ExifTool.photos((1...8).map { ("o\($0).jpg", ["-IFD0:Orientation#=\($0)"]) })
    let (report, workspace) = try Self.preview(photos.root)
    #expect(report.succeeded, "\(TestSite.lines(report))")
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let files = TestSite.files(in: workspace.root + "/out")
    for orientation in 1...8 {
      let upright = orientation >= 5 ? (480, 720) : (720, 480)
      let page = try #require(
        files.first { $0.key.hasSuffix("/o\(orientation)-jpg/index.html") }.map {
          String(decoding: $0.value, as: UTF8.self)
        }, "o\(orientation)")
      #expect(page.contains("data-width=\"\(upright.0)\" data-height=\"\(upright.1)\""), "o\(orientation)")
      // Its largest copy is upright and says no orientation of its own.
      let copies = files.keys.filter { $0.contains("images/o\(orientation)-") }
      let largest = try #require(
        copies.map { try codec.header(of: workspace.root + "/out/" + $0) }.max {
          $0.storedWidth * $0.storedHeight < $1.storedWidth * $1.storedHeight
        })
      #expect((largest.storedWidth < largest.storedHeight) == (orientation >= 5), "o\(orientation): \(largest)")
      #expect(largest.orientation == 1, "o\(orientation)")
    }
  }

  @Test("an embedded caption over the limit is a warning naming the file, never an error")
  func longCaption() throws {
    let photos = try ExifTool.photos([("long.jpg", ["-XMP-dc:Description=\(Exiv2ReaderTests.text(2_001))"])])
    let (report, _) = try Self.preview(photos.root)
    let name = (photos.root as NSString).lastPathComponent
    #expect(report.succeeded)
    #expect(
      TestSite.lines(report) == [
        "\(name)/long.jpg: warning: embedded caption is 2001 characters long; its page shows it whole, lists and"
          + " alt text the first 2000"
      ])
  }

  @Test("a build shows the panel as site.yml says and publishes private fields only when listed")
  func build() throws {
    let photos = try ExifTool.photos([("falls1.jpg", Self.camera + Self.secrets)])
    let site = try MinimalSite.make()
    // Real photos in place of the fake ones: libvips reads these.
    for (name, source) in [
      ("falls1.jpg", photos.root + "/falls1.jpg"), ("sleepy1.jpg", Fixtures.image("portrait.jpg")),
      ("cat1.png", Fixtures.image("alpha.png")),
    ] {
      try site.write("content/photos/" + name, data: try Data(contentsOf: URL(fileURLWithPath: source)))
    }
    let page = "public/parks/ohiopyle/falls1/index.html"
    func build(_ settings: String) throws -> (photo: String, list: String) {
      try site.write("content/site.yml", settings)
      let report = try Self.pipeline().build(BuildOptions(siteRoot: site.root))
      #expect(report.succeeded, "\(TestSite.lines(report))")
      return (site.read(page) ?? "", site.read("public/parks/index.html") ?? "")
    }
    let off = try build("title: Falls\n")
    #expect(!off.photo.contains("Canon EOS R6") && !off.list.contains("data-info"))
    let on = try build("metadata:\n  info: true\n")
    #expect(on.photo.contains("<dd>Canon EOS R6</dd>"))
    #expect(on.list.contains("data-info=\"[[&quot;Camera&quot;,&quot;Canon EOS R6&quot;]"))
    for html in [on.photo, on.list] { #expect(!html.contains("47.37") && !html.contains("2081234")) }
    let listed = try build("images:\n  exif: [date, camera]\n")
    #expect(listed.photo.contains("<dt>Taken</dt><dd>2023-05-01 14:03</dd><dt>Camera</dt><dd>Canon EOS R6</dd></dl>"))
    let published = try build("metadata:\n  info: true\n  publish: [gps, serial, owner]\n")
    for row in ["<dd>47.3769, 8.5417</dd>", "<dd>2081234</dd>", "<dd>Jane Roe</dd>"] {
      #expect(published.photo.contains(row), "\(row)")
    }
  }
}

/// The benchmark corpus (`make-corpus.sh DIR 100`): ordinary camera JPEGs whose
/// compressed pixels hold the IPTC marker bytes about one time in five. Runs
/// when CATGALLERY_CORPUS names the folder (`make metadata-corpus-test`).
@Suite(
  "metadata of the benchmark corpus",
  .enabled(if: ProcessInfo.processInfo.environment["CATGALLERY_CORPUS"] != nil))
struct CorpusMetadataTests {
  @Test("every photo loads, and none gets a caption it does not have")
  func corpus() throws {
    let folder = try #require(ProcessInfo.processInfo.environment["CATGALLERY_CORPUS"])
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: try VipsCodec(fileSystem: LocalFileSystem()),
      metadata: try Exiv2Reader(), index: PhotoIndex()
    ).load(folder: folder)
    let images = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
      !$0.hasPrefix(".") && SiteLoader.imageExtensions.contains(($0 as NSString).pathExtension.lowercased())
    }
    #expect(!images.isEmpty)
    #expect(source.diagnostics.isEmpty, "\(source.diagnostics.map(\.description))")
    #expect(source.photos.count == images.count)
    for photo in source.photos {
      #expect(photo.metadata?.caption == nil, "\(photo.file): \(photo.metadata?.caption ?? "")")
      #expect(photo.metadata?.camera != nil, "\(photo.file) has a camera in its EXIF")
    }
  }
}
