import Foundation
import GalleryImages

/// The no-change short cut: a staged build whose inputs are exactly those of
/// the last clean build to the same output writes nothing (`BuildRecord`).
extension Pipeline {
  /// The fingerprint of the inputs, or nil when the short cut does not apply:
  /// `--force` always rebuilds, and a live site keeps its own state.
  func unchangedCheck(_ options: BuildOptions) -> (value: String, settled: Bool)? {
    guard !options.force, options.target.live == nil else { return nil }
    return BuildRecord.fingerprint(
      options: options, fileSystem: fileSystem, codec: codec, day: now(), clock: clock())
  }

  /// The report of the last build when it matches `fingerprint` and its output
  /// is still there. Otherwise the stale record is removed first, so a build
  /// killed midway is never taken for a finished one.
  func lastBuild(
    matching fingerprint: (value: String, settled: Bool), options: BuildOptions, cache: DerivativeCache
  ) -> BuildReport? {
    if let last = cache.loadBuildRecord(), last.fingerprint == fingerprint.value,
      last.output == options.output, fileSystem.exists(options.output + "/index.html")
    {
      var report = BuildReport()
      report.pages = last.pages
      report.files = last.files
      report.bytes = last.bytes
      report.imagesReused = last.images
      report.outputUnchanged = true
      report.succeeded = true
      return report
    }
    try? fileSystem.remove(cache.buildRecord)
    return nil
  }

  /// Records a clean build. Only a build without warnings is remembered, so
  /// warnings are printed again next time; nor one whose inputs changed in the
  /// last moments (`BuildRecord.fingerprint`).
  func remember(
    _ fingerprint: (value: String, settled: Bool), in report: inout BuildReport, options: BuildOptions,
    cache: DerivativeCache
  ) {
    guard report.succeeded, report.diagnostics.isEmpty, fingerprint.settled else { return }
    let record = BuildRecord(
      fingerprint: fingerprint.value, output: options.output, pages: report.pages, files: report.files,
      bytes: report.bytes, images: report.imagesProcessed + report.imagesReused)
    do {
      try cache.save(record, to: cache.buildRecord)
    } catch {
      report.diagnostics.append(cache.unsaved(cache.buildRecord, "the build record", error))
    }
  }
}
