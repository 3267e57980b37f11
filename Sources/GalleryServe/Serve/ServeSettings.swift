/// What `serve` is asked to do, as the command line said it.
public struct ServeSettings: Sendable {
  /// The site's folder (the one holding content/).
  package let siteRoot: String
  package let server: ServerSettings
  /// Keep the edit forms on for a host that is not a loopback address.
  package let allowEdit: Bool
  /// Hosts an edit's write-through may also send an API key to (`--allow-key-host`).
  package let keyHosts: [String]
  /// Only errors and warnings: no status lines, no progress.
  package let quiet: Bool
  /// Each rebuild's stage times too.
  package let verbose: Bool
  /// What the previous server process died of, when this one replaces it after
  /// a crash: the input that crashed it is still there, so this one serves the
  /// last good site without building and waits for the next edit.
  package let previousCrash: String?

  public init(
    siteRoot: String, server: ServerSettings, allowEdit: Bool = false, keyHosts: [String] = [], quiet: Bool = false,
    verbose: Bool = false, previousCrash: String? = nil
  ) {
    self.siteRoot = siteRoot
    self.server = server
    self.allowEdit = allowEdit
    self.keyHosts = keyHosts
    self.quiet = quiet
    self.verbose = verbose
    self.previousCrash = previousCrash
  }

  /// The forms that edit content/ are on for a loopback address, or when asked.
  var editing: Bool { DevServer.isLoopback(server.host) || allowEdit }
}
