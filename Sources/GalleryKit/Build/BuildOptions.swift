import Foundation

/// What a build is asked to do.
public struct BuildOptions: Sendable {
  public var siteRoot: String
  public var output: String
  public var baseURL: String?
  /// Warnings fail the build too.
  public var strict = false
  /// Remake every derivative even when cached.
  public var force = false
  public var cacheFolder: String?
  /// Told after every photo processed; nil for silence.
  public var progress: (@Sendable (BuildProgress) -> Void)?
  /// Update the output in place instead of staging and swapping (`serve`).
  public var inPlace = false
  /// HTML added before `</body>` of every page; only `serve` sets it.
  public var bodySuffix = ""
  /// Write pages at once and leave photos not yet in the cache for later
  /// (`preview`); the report lists them in `pendingJobs`.
  public var deferImages = false
  /// Image names in the source are paths made by catgallery (`preview`).
  public var trustedNames = false
  /// Kept by `serve` and `preview` across rebuilds (see `BuildMemory`).
  public var memory: BuildMemory?
  /// The output lies in a folder catgallery made for itself (`serve`'s and
  /// `preview`'s), so whatever it holds is catgallery's to replace.
  public var ownsOutput = false
  /// The user's home folder, never an output.
  public var home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  /// Folders that are only read: no output may be, hold or lie inside one.
  public var readOnlyFolders: [String] = []
  /// Told of something worth a line while the build goes on (waiting for
  /// another build of the same output).
  public var notice: (@Sendable (String) -> Void)?

  public init(siteRoot: String, output: String? = nil) {
    self.siteRoot = siteRoot
    self.output = output ?? siteRoot + "/public"
  }
}
