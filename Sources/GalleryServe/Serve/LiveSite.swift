import Foundation
import GalleryCore
import GalleryOutput

/// The site `serve` keeps up to date: rebuilds into its own folder (never the
/// user's public/), in place, with the live-reload script added, and tells the
/// open tabs. A failed rebuild leaves the last good files being served.
final class LiveSite: @unchecked Sendable {
  static let eventsPath = "/_catgallery/events"

  /// Listens for rebuild events; shows an overlay with the errors of a failed one.
  /// The stream is closed when the page is left: a browser keeps left pages
  /// alive for Back (Chromium's back/forward cache) with their connections
  /// open, and after six of them its per-host limit stalls the next page. A
  /// page shown again from that cache may be stale, so it reloads.
  static let reloadScript = """
    <script>(()=>{const s=new EventSource("\(eventsPath)");let o;\
    addEventListener("pagehide",()=>s.close());addEventListener("pageshow",e=>{if(e.persisted)location.reload()});\
    s.addEventListener("reload",()=>location.reload());\
    s.addEventListener("errors",e=>{o=o||document.body.appendChild(document.createElement("pre"));\
    o.id="catgallery-errors";o.setAttribute("role","alert");\
    o.style.cssText="position:fixed;left:0;right:0;bottom:0;max-height:60vh;overflow:auto;margin:0;padding:1em 1.25em;\
    background:#2b0b0b;color:#ffe3e3;font:13px/1.45 ui-monospace,monospace;z-index:2147483647;white-space:pre-wrap";\
    o.textContent=(document.getElementById("catgallery-unbuilt")?"catgallery: the site does not build yet.":\
    "catgallery: the last edit did not build; still showing the last good site.")+"\\n\\n"+e.data})})()</script>
    """

  let builder: Pipeline
  let options: BuildOptions
  /// Where the source comes from when it is not a site's content/ (`preview`).
  let source: (@Sendable () -> SiteSource)?
  /// Folders whose changes trigger a rebuild.
  let watched: [String]
  let hub: ReloadHub
  private let queue = DispatchQueue(label: "catgallery-rebuild")
  private let lock = NSLock()
  private var pending = false
  /// Sizes and times of the inputs at the last build: a burst of events that
  /// changed nothing (an editor touching a file twice) costs no rebuild.
  private var lastInputs: [String: FileAttributes] = [:]

  /// `options.output` is the folder served; it is updated in place. With
  /// `defersImages`, photos not yet in the cache are left for later (`preview`).
  /// With `editing`, pages link to the edit forms `DevServer` serves.
  init(
    builder: Pipeline, options: BuildOptions, watched: [String]? = nil, defersImages: Bool = false,
    editing: Bool = false, source: (@Sendable () -> SiteSource)? = nil
  ) {
    var options = options
    // The edit links' style; the forms link it themselves.
    let suffix = Self.reloadScript + (editing ? "<link rel=\"stylesheet\" href=\"\(EditPaths.stylesheet)\">" : "")
    options.target = .live(LiveState(bodySuffix: suffix, defersImages: defersImages, editing: editing))
    // The tabs reload as soon as the pages are written; the cache's upkeep follows.
    let hub = ReloadHub()
    options.written = { Task { await hub.reload() } }
    self.hub = hub
    self.builder = builder
    self.options = options
    self.source = source
    self.watched = watched ?? [options.siteRoot + "/content", options.siteRoot + "/templates"]
  }

  /// Builds now, on the caller's thread.
  @discardableResult
  func build() -> BuildReport { build(inputs: inputs()) }

  /// `inputs`: the snapshot this build reads, remembered to tell a real
  /// change later unless `remember` is false.
  private func build(inputs: [String: FileAttributes], remember: Bool = true) -> BuildReport {
    if remember { lock.withLock { lastInputs = inputs } }
    if let source { return builder.build(source(), options: options) }
    var options = options
    options.inputs = inputs
    return builder.build(options)
  }

  private func inputs() -> [String: FileAttributes] { Watcher.snapshot(of: watched, in: builder.fileSystem) }

  /// Rebuilds soon; triggers during a rebuild merge into one more rebuild.
  func rebuild(then report: @escaping @Sendable (BuildReport) -> Void) {
    let alreadyQueued = lock.withLock {
      defer { pending = true }
      return pending
    }
    guard !alreadyQueued else { return }
    queue.async { [self] in
      lock.withLock { pending = false }
      rebuildIfChanged(then: report)
    }
  }

  /// Rebuilds now if an input changed, and returns once the pages are
  /// written: an edit posted through a form answers with the page it changed.
  func rebuildAndWait(then report: @escaping @Sendable (BuildReport) -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { [self] in
        rebuildIfChanged(then: report)
        done.resume()
      }
    }
  }

  /// Builds again on the rebuild queue, after any rebuild running or queued,
  /// whether or not an input changed: images made in the background change
  /// pages though no file did. Built on the caller's thread instead, such a
  /// build ran beside a rebuild, two builds writing one output at once.
  /// Its snapshot is not remembered: a file added since the last rebuild is
  /// in this build, but only the watcher's rebuild for it reports it (a
  /// preview's new photo, whose images it sends to the background); finding
  /// nothing changed since the refresh, that rebuild did not run, and the
  /// photo's images were never made (test_preview.py, about 1 run in 6).
  func refresh() {
    queue.async { [self] in _ = build(inputs: inputs(), remember: false) }
  }

  /// On the rebuild queue: builds if the inputs changed; a failed build shows its errors in the tabs.
  private func rebuildIfChanged(then report: @escaping @Sendable (BuildReport) -> Void) {
    let now = inputs()
    guard now != lock.withLock({ lastInputs }) else { return }
    let result = build(inputs: now)
    // A build that succeeded has reloaded the tabs once its pages were written (`options.written`).
    if !result.succeeded {
      Task { await hub.showErrors(DiagnosticPrinter.lines(result.diagnostics)) }
    }
    report(result)
  }

  /// The last site that built, for the edit forms.
  var latest: LiveSnapshot? { options.target.live?.latest.current }

  /// The site's folder (the one holding content/).
  var siteRoot: String { options.siteRoot }
}
