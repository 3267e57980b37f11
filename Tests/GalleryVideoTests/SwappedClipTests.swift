import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryVideo

/// A previewed folder read (its clip hashed and probed), then a symbolic
/// link out of it swapped in before ffmpeg makes the poster and the web
/// video, as an attacker racing the build does: ffmpeg reads the clip that
/// was checked or nothing, and the clip outside (portrait, 48×64, where the
/// folder's is landscape, 64×48) is never published.
@Suite("a link swapped in for a clip after the check", .enabled(if: Clips.runs))
struct SwappedClipTests {
  struct Case: Sendable, CustomStringConvertible {
    var description: String
    /// Swaps a link to `outside` into `folder` (the previewed folder, which holds sub/walk.mp4).
    var swap: @Sendable (_ folder: String, _ outside: String) throws -> Void
  }

  static let cases = [
    Case(description: "the clip itself") { folder, outside in
      try FileManager.default.removeItem(atPath: folder + "/sub/walk.mp4")
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/sub/walk.mp4", withDestinationPath: outside + "/walk.mp4")
    },
    Case(description: "a folder on its path") { folder, outside in
      try FileManager.default.moveItem(atPath: folder + "/sub", toPath: folder + "/moved")
      try FileManager.default.createSymbolicLink(atPath: folder + "/sub", withDestinationPath: outside)
    },
  ]

  @Test("the outside clip is never read by ffmpeg or published", arguments: cases)
  func swapped(_ test: Case) throws {
    let site = try TestSite()
    for folder in ["gallery/sub", "outside"] {
      try FileManager.default.createDirectory(atPath: site.root + "/" + folder, withIntermediateDirectories: true)
    }
    try Clips.make("gallery/sub/walk.mp4", in: site, Clips.pattern(64, 48, seconds: 1) + Clips.h264)
    try Clips.make("outside/walk.mp4", in: site, Clips.pattern(48, 64, seconds: 1) + Clips.h264)
    let workspace = try TestSite()
    let tools = try PreviewRun.Tools(workspace: workspace)
    let source = PreviewSource(
      fileSystem: LocalFileSystem(), codec: tools.codec, metadata: FakeMetadataReader(), index: PhotoIndex(),
      video: tools.tool
    ).load(folder: site.root + "/gallery")
    #expect(source.photos.map(\.relativePath) == ["sub/walk.mp4"])

    try test.swap(site.root + "/gallery", site.root + "/outside")
    let report = tools.pipeline.build(source, options: tools.options)
    let lines = TestSite.lines(report)
    #expect(
      lines.contains { $0.hasPrefix("gallery/sub/walk.mp4: ") && $0.contains("replaced by a symbolic link") },
      "\(lines)")
    let images = workspace.root + "/out/images/"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: images)) ?? [] {
      if name.hasSuffix(".mp4") {
        let stream = try #require(try Clips.streams(images + name, "video").first)
        #expect(stream["width"] as? Int != 48, "\(name) is the outside clip")
      } else {
        let header = try tools.codec.header(of: images + name)
        #expect(header.storedWidth >= header.storedHeight, "\(name) is the outside clip's poster")
      }
    }
  }
}
