import Crypto
import Foundation

/// What `preview` is asked to do, as the command line said it.
public struct PreviewSettings: Sendable {
  /// The folder of photos, as given.
  package let folder: String
  /// The user's cache folder (`$XDG_CACHE_HOME`, or `~/.cache`): derivatives
  /// and pages go below it, never inside `folder`.
  package let cacheHome: String
  package let server: ServerSettings
  /// Write the static site to this absolute path instead of serving it.
  package let buildTo: String?
  /// With `buildTo`, replace a folder that catgallery did not make.
  package let force: Bool
  /// Only errors and warnings: no status lines, no progress.
  package let quiet: Bool
  /// With `buildTo`, also report the time each stage took.
  package let verbose: Bool

  public init(
    folder: String, cacheHome: String, server: ServerSettings, buildTo: String? = nil, force: Bool = false,
    quiet: Bool = false, verbose: Bool = false
  ) {
    self.folder = folder
    self.cacheHome = cacheHome
    self.server = server
    self.buildTo = buildTo
    self.force = force
    self.quiet = quiet
    self.verbose = verbose
  }

  /// `folder` absolute, with symlinks resolved: the same folder always
  /// gets the same workspace.
  var directory: String { URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath().path }

  /// One workspace per previewed folder, under the cache home.
  var workspace: String {
    let digest = SHA256.hash(data: Data(directory.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    return cacheHome + "/catgallery/preview/" + digest
  }
}
