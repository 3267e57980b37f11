import Foundation
import GalleryCore
import GalleryNetwork

/// The steps of `ContentFetch.run` after the last request: content/ changed,
/// the fetch state saved, the staging folder removed.
extension ContentFetch {
  /// Where a run keeps the validators and stamps for the next one.
  func statePath(_ options: FetchOptions) -> String {
    Path.join(options.siteRoot, FetchState.folder, "state.json")
  }

  /// Downloads photos into the fetch cache's staging folder (or, in a dry
  /// run, only plans them).
  func photoDownloader(_ inputs: Inputs, client: FetchClient, options: FetchOptions) -> PhotoDownloader {
    let root = options.siteRoot
    return PhotoDownloader(
      client: client, fileSystem: fileSystem, codec: codec, photos: Path.join(root, "content/photos"),
      incoming: Path.join(root, FetchState.folder, "incoming"), maxPixels: inputs.config.maxMegapixels * 1_000_000,
      dryRun: options.dryRun)
  }

  /// Reports what the run changes in content/ and, unless it is a dry run or
  /// it failed without `keepGoing`, makes the changes and saves the state
  /// for the next run (the old validators if anything failed, so that what
  /// failed is asked again in full).
  func change(
    _ gathered: Gathered, inputs: Inputs, state: FetchState, client: FetchClient, downloader: PhotoDownloader,
    options: FetchOptions, report: inout FetchReport
  ) {
    let plan = inputs.plan
    var changes = FetchChanges(root: options.siteRoot, fileSystem: fileSystem, downloader: downloader)
    changes.maxFileBytes = maxFileBytes
    changes.sentKeys = SentKeys([
      (plan.catAPI?.keyVariable, plan.catAPIKey), (plan.restdb?.keyVariable, plan.restdbKey),
    ])
    changes.compute(gathered, old: inputs.manifest, state: state, report: &report)
    guard report.succeeded || options.keepGoing, !options.dryRun else { return }
    changes.commit(report: &report, keepGoing: options.keepGoing)
    var next = FetchState(responses: client.responses, files: changes.stamps)
    if !report.succeeded { next.responses = state.responses }
    let path = statePath(options)
    if let data = try? next.encoded(), data != (try? fileSystem.contents(of: path)) {
      try? fileSystem.write(data, to: path)
    }
  }

  /// Removes the staging folder; the caller calls it only under the lock.
  /// Never while a journal still needs the staged files (a dry run, or a
  /// commit a step of which failed, leaves them). Checked again: the staging
  /// folder is removed by name.
  func removeIncoming(_ downloader: PhotoDownloader, root: String) {
    guard !fileSystem.exists(Path.join(root, FetchJournal.file)), fileSystem.staysWithin(downloader.incoming, root)
    else { return }
    try? fileSystem.remove(downloader.incoming)
  }
}
