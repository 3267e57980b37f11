import Foundation
import TestSupport
import Testing

@testable import GalleryCore
@testable import GalleryImages
@testable import GalleryOutput

/// A photo whose colour profile cannot apply to its pixels (a grey JPEG
/// carrying an sRGB profile, which browsers, libvips alone, Pillow and sigal
/// all show) is made with the profile ignored and a warning naming it, never
/// dropped.
@Suite("Unfit colour profiles")
struct UnfitProfileTests {
  /// A grey JPEG given libvips' own sRGB profile by exiftool, made in `folder`.
  static func greyWithRGBProfile(in folder: String) throws -> String {
    let tagged = folder + "/tagged.jpg"
    _ = try Fixtures.vips(
      "vipsthumbnail", [Fixtures.image("landscape.jpg"), "-s", "60", "--export-profile", "srgb", "-o", tagged])
    let grey = folder + "/grey.jpg"
    try MadeImages.convert([Fixtures.image("landscape.jpg"), "-colorspace", "Gray", grey])
    try MadeImages.run(
      "/usr/bin/exiftool", ["-q", "-overwrite_original", "-TagsFromFile", tagged, "-icc_profile", grey])
    #expect(try Fixtures.header(grey, "bands") == "1")
    #expect(try Fixtures.header(grey, "icc-profile-data").contains("bytes"))
    return grey
  }

  /// Every derivative the default settings plan for `path`, made into `folder`.
  static func renderAll(
    _ path: String, named name: String, in folder: String, codec: VipsCodec
  ) throws -> (job: ImageJob, outputs: [(DerivativeSpec, String)], warnings: [String]) {
    let header = try codec.header(of: path)
    let photo = Photo(id: name, file: name + ".jpg", path: path, hash: "h", header: header, stem: name)
    let job = DerivativePlanner.job(for: photo, config: SiteConfig(), share: true)
    let outputs = job.all.map { ($0.spec, folder + "/" + $0.fileName) }
    return (job, outputs, try codec.render(source: path, run: job.chain.run(writing: outputs)).warnings)
  }

  @Test(
    "a grey JPEG with an RGB profile is made, profile ignored, with a warning",
    .enabled(if: MadeImages.haveConvert && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")))
  func made() throws {
    let folder = NSTemporaryDirectory() + "profile-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let grey = try Self.greyWithRGBProfile(in: folder)
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let (job, outputs, warnings) = try Self.renderAll(grey, named: "grey", in: folder, codec: codec)
    #expect(warnings == [VipsCodec.unfitProfile])
    for (spec, path) in outputs {
      #expect(try Fixtures.header(path, "width") == "\(spec.width)", "\(spec.key)")
    }
    // An untagged grey photo and a tagged colour one have no such warning.
    let plain = try codec.render(
      source: Fixtures.image("prophoto.png"),
      run: ResizeChain(
        specs: [job.all[0].spec], width: 60, height: 40
      ).run(writing: [(job.all[0].spec, folder + "/prophoto.webp")]))
    #expect(plain.warnings.isEmpty)
  }

  /// Ghostscript's grey profile (Debian's libgs-common, which the Makefile installs).
  static let greyProfile = "/usr/share/color/icc/ghostscript/sgray.icc"

  @Test(
    "an RGB JPEG with a grey profile is made, profile ignored, with a warning",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")))
  func rgbWithGreyProfile() throws {
    let folder = NSTemporaryDirectory() + "profile-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let photo = folder + "/colour.jpg"
    try FileManager.default.copyItem(atPath: Fixtures.image("landscape.jpg"), toPath: photo)
    try MadeImages.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-ICC_Profile<=" + Self.greyProfile, photo])
    #expect(try Fixtures.header(photo, "bands") == "3")
    #expect(try Fixtures.header(photo, "icc-profile-data").contains("bytes"))
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let (_, outputs, warnings) = try Self.renderAll(photo, named: "colour", in: folder, codec: codec)
    #expect(warnings == [VipsCodec.unfitProfile])
    for (spec, path) in outputs {
      #expect(try Fixtures.header(path, "width") == "\(spec.width)", "\(spec.key)")
      #expect(try Fixtures.header(path, "bands") == "3", "\(spec.key)")
    }
  }

  @Test(
    "the build names the photo whose profile was ignored and publishes it",
    .enabled(if: MadeImages.haveConvert && FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")))
  func named() throws {
    let site = try Program.realSite()
    let grey = try Self.greyWithRGBProfile(in: site.root)
    try site.write("content/photos/grey.jpg", data: try Data(contentsOf: URL(fileURLWithPath: grey)))
    try site.write(
      "content/categories.plist",
      MinimalSite.categories.replacingOccurrences(
        of: "<string>sleepy1</string>", with: "<string>sleepy1</string><string>grey</string>"))
    let codec = try VipsCodec(fileSystem: LocalFileSystem())
    let builder = Pipeline(
      fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), now: { TestSite.now })
    let report = builder.build(BuildOptions(siteRoot: site.root))
    #expect(report.succeeded)
    #expect(TestSite.lines(report) == ["content/photos/grey.jpg: warning: \(VipsCodec.unfitProfile)"])
  }
}
