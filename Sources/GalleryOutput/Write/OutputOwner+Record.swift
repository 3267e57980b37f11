import Foundation
import GalleryCore

/// The no-change short cut: a staged build whose inputs are exactly those of
/// the last clean build to the same output writes nothing (`BuildRecord`).
extension OutputOwner {
  /// The last clean build's record, or nil (missing, unreadable, or of an older shape).
  func lastRecord() -> BuildRecord? { cache.load(BuildRecord.self, from: recordFile) }

  /// Whether `record` is of a build into this folder. A record names its
  /// output as `path` was; one an earlier version saved may name it another
  /// way, so the recorded path is normalised the same way first.
  func isOutput(of record: BuildRecord) -> Bool { ProtectedFolders.normalise(record.output) == path }

  /// Whether the site's cache records a build into this folder: the last
  /// build's record, or the manifest of a site written here.
  var isRecorded: Bool {
    lastRecord().map(isOutput) == true || fileSystem.exists(manifestFile)
  }

  /// The report of the last build when it matches `fingerprint` and its output
  /// is still there. Otherwise the stale record is removed first, so a build
  /// killed midway is never taken for a finished one.
  func lastBuild(matching fingerprint: (value: String, settled: Bool)) -> BuildReport? {
    if let last = lastRecord(), last.fingerprint == fingerprint.value, isOutput(of: last),
      fileSystem.exists(path + "/index.html")
    {
      var report = BuildReport()
      report.pages = last.pages
      report.files = last.files
      report.bytes = last.bytes
      report.imagesReused = last.images
      report.diagnostics = last.diagnostics ?? []
      report.outputUnchanged = true
      report.succeeded = true
      return report
    }
    try? fileSystem.remove(recordFile)
    return nil
  }

  /// Records a successful build with what it said, for the short cut to say
  /// again: a folder with one harmless warning is not rebuilt every time.
  /// Not one that said something the inputs alone do not decide
  /// (`BuildReport.diagnosticsRepeatable`), which the next build must find
  /// out again; nor one whose inputs changed in the last moments
  /// (`BuildRecord.fingerprint`).
  func remember(_ fingerprint: (value: String, settled: Bool), in report: inout BuildReport) {
    guard report.succeeded, report.diagnosticsRepeatable, fingerprint.settled else { return }
    let record = BuildRecord(
      fingerprint: fingerprint.value, output: path, pages: report.pages, files: report.files,
      bytes: report.bytes, images: report.imagesProcessed + report.imagesReused, diagnostics: report.diagnostics)
    do {
      try cache.save(record, to: recordFile)
    } catch {
      report.diagnostics.append(cache.unsaved(recordFile, "the build record", error))
    }
  }
}
