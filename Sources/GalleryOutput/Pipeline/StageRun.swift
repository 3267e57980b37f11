import GalleryCore

/// A build in progress: each stage's time and every diagnostic so far, so the
/// top-level build states only which stages run in which order.
struct StageRun {
  var clock: StageClock
  var report = BuildReport()
  /// Everything the stages reported, in stage order.
  var diagnostics: [Diagnostic] = []

  /// Runs a stage that reports problems, timed under `name`.
  mutating func stage<Value>(_ name: String, _ work: () -> (Value, [Diagnostic])) -> Value {
    let (value, found) = clock.time(name, work)
    diagnostics += found
    return value
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
