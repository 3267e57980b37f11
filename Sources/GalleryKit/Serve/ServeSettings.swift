/// What `serve` is asked to do, as the command line said it.
public struct ServeSettings: Sendable {
  /// The site's folder (the one holding content/).
  let siteRoot: String
  let server: ServerSettings
  /// Keep the edit forms on for a host that is not a loopback address.
  let allowEdit: Bool
  /// Hosts an edit's write-through may also send an API key to (`--allow-key-host`).
  let keyHosts: [String]
  /// Only errors and warnings: no status lines, no progress.
  let quiet: Bool
  /// Each rebuild's stage times too.
  let verbose: Bool
  /// What the previous server process died of, when this one replaces it after
  /// a crash: the input that crashed it is still there, so this one serves the
  /// last good site without building and waits for the next edit.
  let previousCrash: String?

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
