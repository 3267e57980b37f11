import Foundation
import GalleryCore
import TestSupport

@testable import GalleryImages
@testable import GalleryOutput
@testable import GalleryVideo

/// One preview build of a folder with the real tools (libvips, ffprobe,
/// ffmpeg) into a workspace of its own: its report lines and the files it
/// published in `images/`.
struct PreviewRun {
  var lines: [String]
  var published: [String]
  var succeeded: Bool
  /// Holds the output folder until the checks are done.
  var workspace: TestSite
  var images: String { workspace.root + "/out/images/" }

  /// The published files whose names start with `slug-` and end in `.suffix`.
  func files(_ slug: String, _ suffix: String) -> [String] {
    published.filter { $0.hasPrefix(slug + "-") && $0.hasSuffix("." + suffix) }
  }

  /// The report lines about `name` in the previewed folder `gallery`.
  func about(_ name: String) -> [String] { lines.filter { $0.hasPrefix("gallery/\(name):") } }

  static func build(_ folder: String) throws -> PreviewRun {
    let workspace = try TestSite()
    let report = try Tools(workspace: workspace).build(folder)
    let published = (try? FileManager.default.contentsOfDirectory(atPath: workspace.root + "/out/images")) ?? []
    return PreviewRun(
      lines: TestSite.lines(report), published: published, succeeded: report.succeeded, workspace: workspace)
  }

  /// libvips, ffprobe and ffmpeg, and a pipeline that builds previews into
  /// `workspace/out`, its cache beside it, so a second build reuses the first's.
  struct Tools {
    let tool = FFmpegTool()
    let codec: VipsCodec
    let options: BuildOptions
    let pipeline: Pipeline

    init(workspace: TestSite) throws {
      codec = try VipsCodec(fileSystem: LocalFileSystem())
      options = BuildOptions(siteRoot: workspace.root, output: workspace.root + "/out")
      pipeline = Pipeline(
        fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(), video: tool,
        now: { TestSite.now })
    }

    /// Previews `folder`, with what the last build of this workspace learnt.
    func build(_ folder: String) -> BuildReport {
      let source = PreviewSource(
        fileSystem: LocalFileSystem(), codec: codec, metadata: FakeMetadataReader(),
        index: pipeline.cache(options).loadIndex(), video: tool
      ).load(folder: folder)
      return pipeline.build(source, options: options)
    }
  }
}
