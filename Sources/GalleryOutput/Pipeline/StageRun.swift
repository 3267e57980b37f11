import GalleryCore

/// A build in progress: each stage's time and every diagnostic so far, so the
/// top-level build states only which stages run in which order.
struct StageRun {
  var clock: StageClock
  var report = BuildReport()
  /// Everything the stages reported, in stage order.
  var diagnostics: [Diagnostic] = []

  /// The stages whose problems follow from the build's inputs alone (the
  /// files, program and options `BuildRecord.fingerprint` covers); Load's
  /// come with Model's. The others' (clips, the write, the cache's upkeep)
  /// depend on the disk and the tools too, so only running them again tells
  /// whether they still hold. Images' are added as `Images.fromInputs` says.
  static let fromInputs: Set<String> = ["model", "plan", "render", "search"]

  /// Runs a stage that reports problems, timed under `name`.
  mutating func stage<Value>(_ name: String, _ work: () -> (Value, [Diagnostic])) -> Value {
    let (value, found) = clock.time(name, work)
    add(found, fromInputs: Self.fromInputs.contains(name))
    return value
  }

  /// Adds problems found outside `stage`; `fromInputs` as for `fromInputs`.
  mutating func add(_ found: [Diagnostic], fromInputs: Bool) {
    diagnostics += found
    if !fromInputs, !found.isEmpty { report.diagnosticsRepeatable = false }
  }

  /// The report of a build that stopped here.
  func failed() -> BuildReport {
    var report = report
    report.diagnostics = diagnostics + report.diagnostics
    report.timings = clock.timings
    return report
  }

  func succeeded() -> BuildReport {
    var report = failed()
    report.succeeded = true
    return report
  }
}
