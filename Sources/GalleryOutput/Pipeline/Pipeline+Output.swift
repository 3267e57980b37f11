import Foundation

extension Pipeline {
  /// Runs `build` while holding the output (`OutputOwner.claim`); a refused
  /// output fails the build before anything is read.
  func withOutput(_ options: BuildOptions, _ build: (OutputOwner) -> BuildReport) -> BuildReport {
    let output = OutputOwner(options: options, fileSystem: fileSystem, cache: cache(options))
    let claim: OutputOwner.Claim
    do {
      claim = try output.claim()
    } catch {
      return BuildReport(failure: error.diagnostics)
    }
    var report = withExtendedLifetime(claim) { build(output) }
    report.diagnostics = claim.warnings + report.diagnostics
    return report
  }
}
