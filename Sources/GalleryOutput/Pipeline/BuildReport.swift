import Foundation
import GalleryCore
import GalleryImages

/// What a build did, for the summary line and for tests.
public struct BuildReport: Sendable {
  public var diagnostics: [Diagnostic] = []
  /// Every diagnostic follows from the inputs alone (`StageRun.fromInputs`),
  /// so the no-change short cut may say them again instead of rebuilding.
  package var diagnosticsRepeatable = true
  package var pages = 0
  /// Pages made from their templates; the others were reused (`serve`).
  package var pagesRendered = 0
  package var files = 0
  public var bytes = 0
  package var imagesProcessed = 0
  package var imagesReused = 0
  package var derivativesPruned = 0
  /// Albums' zips written this build; the others came from the cache.
  package var archivesMade = 0
  /// Files written or removed by an in-place update.
  package var changedFiles = 0
  /// The output already held exactly this site, so nothing was written.
  public var outputUnchanged = false
  /// Image jobs left for later by `deferImages`.
  package var pendingJobs: [ImageJob] = []
  /// Clips whose web video a live site left for the background.
  package var pendingVideos: [VideoJob] = []
  /// Photos (by file) the Images stage found it cannot decode; the cache now
  /// knows them, so a previewed folder loaded again leaves them out.
  package var undecodable: [String] = []
  /// Stage name and seconds, in order.
  public var timings: [(stage: String, seconds: Double)] = []
  public var succeeded = false
}

extension BuildReport {
  /// A build that stopped before any stage ran.
  package init(failure diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  /// This report with the timings of `clock`.
  func timed(_ clock: StageClock) -> BuildReport {
    var report = self
    report.timings = clock.timings
    return report
  }

  /// Files and bytes of the built site: `pages` files of `pageBytes` bytes,
  /// and the derivatives and zips. `serve` prints no size, so it skips the
  /// stat of every derivative.
  package mutating func count(
    pages: Int, pageBytes: Int, derivatives: [Derivative], archives: [ArchiveJob] = [], cache: DerivativeCache,
    bytes countBytes: Bool
  ) {
    let unique = Derivative.firstIndices(derivatives)
    let zips = Set(archives)
    self.files = pages + unique.count + zips.count
    guard countBytes else { return }
    let fileSystem = cache.fileSystem
    bytes =
      pageBytes
      + unique.reduce(0) { total, index in
        total + ((try? fileSystem.attributes(of: cache.path(of: derivatives[index])))?.size ?? 0)
      }
      + zips.reduce(0) { total, archive in
        total + ((try? fileSystem.attributes(of: cache.path(of: archive)))?.size ?? 0)
      }
  }
}
