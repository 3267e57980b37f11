import Foundation
import GalleryCore
import GalleryImages

/// The no-change short cut's fingerprint of the inputs; its record is the
/// output's owner's (`OutputOwner.lastBuild`, `OutputOwner.remember`).
extension Pipeline {
  /// `build`, when nothing it reads has changed since the last clean build to
  /// the same output, is the last build's report, and `rebuild` is not run.
  /// `inputs` lists the files the build reads (`siteInputs`, `folderInputs`).
  func unlessUnchanged(
    _ options: BuildOptions, output: OutputOwner, inputs: () -> [(name: String, path: String)],
    rebuild: (inout StageClock) -> BuildReport
  ) -> BuildReport {
    var clock = StageClock()
    let fingerprint = clock.time("check") { unchangedCheck(options, output: output, inputs: inputs) }
    if let fingerprint, let report = output.lastBuild(matching: fingerprint) { return report.timed(clock) }
    var report = rebuild(&clock)
    if let fingerprint { output.remember(fingerprint, in: &report) }
    return report
  }

  /// The fingerprint of the inputs, or nil when the short cut does not apply:
  /// `--force` always rebuilds, and a live site keeps its own state.
  func unchangedCheck(
    _ options: BuildOptions, output: OutputOwner, inputs: () -> [(name: String, path: String)]
  ) -> (value: String, settled: Bool)? {
    guard !options.force, options.target.live == nil else { return nil }
    return BuildRecord.fingerprint(
      inputs: inputs(), options: options, output: output.path, program: program, fileSystem: fileSystem,
      codec: codec, video: video?.capabilities, day: now(), clock: clock())
  }

  /// A site's inputs: every file below its content/ and templates/.
  func siteInputs(_ options: BuildOptions) -> [(name: String, path: String)] {
    // Only to list the files: nothing is opened.
    let loader = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: NoMetadata(), index: PhotoIndex())
    return ["content", "templates"].flatMap { folder in
      let base = Path.join(options.siteRoot, folder)
      return loader.files(under: base).map { (name: folder + "/" + $0, path: Path.join(base, $0)) }
    }
  }

  /// A previewed folder's inputs (`PreviewSource.inputs`).
  func folderInputs(_ folder: String) -> [(name: String, path: String)] {
    previewSource(index: PhotoIndex()).inputs(folder: folder).map { (name: $0, path: Path.join(folder, $0)) }
  }
}
