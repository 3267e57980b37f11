import Foundation
import GalleryCore

/// The steps of `ContentFetch.run` before the first request: the site's
/// cache and an interrupted fetch, the site's files and the plan, the lock.
extension ContentFetch {
  /// What a run reads from the site before it asks the network.
  struct Inputs {
    let source: SiteSource
    let config: SiteConfig
    /// The photos fetch wrote last time (content/photos.json).
    let manifest: PhotoManifest
    let plan: FetchPlan
  }

  /// Checks the site's cache folder and finishes a fetch killed during its
  /// commit, before anything is read; false (with the errors in `report`)
  /// when the run must stop. A dry run replays nothing (it takes no lock):
  /// it says what it compares with.
  func prepare(_ options: FetchOptions, report: inout FetchReport) -> Bool {
    let root = options.siteRoot
    do throws(DiagnosticsError) {
      try fileSystem.checkSiteCache(root)
    } catch {
      report.diagnostics = error.diagnostics
      return false
    }
    if !options.dryRun {
      report.diagnostics = FetchJournal.finishInterrupted(root: root, fileSystem: fileSystem)
      return report.succeeded
    }
    if fileSystem.exists(Path.join(root, FetchJournal.file)) {
      report.diagnostics.append(
        .warning(
          "a fetch was interrupted while changing content/; the next fetch or build finishes it, and this dry run compares with content/ as that fetch left it",
          at: SourceLocation(file: FetchJournal.file)))
    }
    return true
  }

  /// Reads site.yml and the photo manifest and plans the run; nil (with the
  /// diagnostics in `report`) when either has an error or nothing can be fetched.
  func read(_ options: FetchOptions, report: inout FetchReport) -> Inputs? {
    let source = SiteLoader(fileSystem: fileSystem, codec: codec, metadata: NoMetadata()).loadForFetch(
      root: options.siteRoot)
    var collector = DiagnosticCollector()
    collector.list = report.diagnostics + source.diagnostics
    let config = SiteConfig.read(source.config, diagnostics: &collector)
    let manifest = PhotoManifest.read(source.manifest, diagnostics: &collector)
    report.diagnostics = collector.list
    guard !collector.list.hasErrors, var plan = plan(config.sources, options: options, report: &report) else {
      return nil
    }
    plan.catsFileUnreadable =
      source.cats == nil && fileSystem.exists(Path.join(options.siteRoot, "content/cats.json"))
    return Inputs(source: source, config: config, manifest: manifest, plan: plan)
  }

  /// Takes the fetch cache's lock, so that one fetch at a time writes a site;
  /// nil for a dry run, which writes nothing, not even the lock's folder, and
  /// nil with an error in `report` when the lock cannot be taken.
  func lockCache(_ options: FetchOptions, report: inout FetchReport) -> FolderLock? {
    guard !options.dryRun else { return nil }
    do {
      try fileSystem.createFolder(Path.join(options.siteRoot, FetchState.folder))
      return try fileSystem.lock(Path.join(options.siteRoot, FetchState.folder)) {}
    } catch {
      report.diagnostics.append(
        .error(
          "cannot lock the fetch cache (\(OSReason.describe(error)))", at: SourceLocation(file: FetchState.folder)))
      return nil
    }
  }

  /// Passes each change to the run's counters, with the time since this
  /// call, to `options.progress`.
  func progressReporter(_ options: FetchOptions) -> @Sendable (_ change: (inout FetchProgress) -> Void) -> Void {
    let started = Date()
    let progress = Locked(FetchProgress(requests: 0, bytes: 0, elapsed: 0))
    return { change in
      let now = progress.withLock {
        change(&$0)
        $0.elapsed = Date().timeIntervalSince(started)
        return $0
      }
      options.progress?(now)
    }
  }
}
