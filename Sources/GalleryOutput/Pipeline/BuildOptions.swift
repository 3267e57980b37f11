import Foundation
import GalleryCore
import GalleryImages

/// What a build is asked to do.
public struct BuildOptions: Sendable {
  package var siteRoot: String
  public var output: String
  public var baseURL: String?
  /// Warnings fail the build too.
  public var strict = false
  /// Remake every derivative even when cached.
  public var force = false
  package var cacheFolder: String?
  /// Told after every photo processed; nil for silence.
  public var progress: (@Sendable (BuildProgress) -> Void)?
  /// Told as clips are made, in seconds of video; nil for silence.
  public var videoProgress: (@Sendable (VideoProgress) -> Void)?
  /// Staged and swapped (`build`), or updated in place (`serve`, `preview`).
  package var target = OutputTarget.staged
  /// The user's home folder, never an output.
  package var home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
  /// Folders that are only read: no output may be, hold or lie inside one.
  package var readOnlyFolders: [String] = []
  /// Told of something worth a line while the build goes on (waiting for
  /// another build of the same output).
  public var notice: (@Sendable (String) -> Void)?
  /// Told once a live site's files are in place, before the cache's upkeep:
  /// `serve` reloads the open tabs then, not after work no page waits for.
  package var written: (@Sendable () -> Void)?
  /// Size and time of every file below content/ and templates/ (absolute
  /// paths), taken by a live site just before this build: files unchanged
  /// since the last build are not read again. Nil: read everything.
  package var inputs: [String: FileAttributes]?

  /// The output lies in a folder catgallery made for itself (`serve`'s and
  /// `preview`'s), so whatever it holds is catgallery's to replace.
  var ownsOutput: Bool { target.live != nil }

  public init(siteRoot: String, output: String? = nil) {
    self.siteRoot = siteRoot
    self.output = output ?? siteRoot + "/public"
  }
}
