/// What `serve` is asked to do, as the command line said it.
public struct ServeSettings: Sendable {
  /// The site's folder (the one holding content/).
  public var siteRoot: String
  public var server: ServerSettings
  /// Keep the edit forms on for a host that is not a loopback address.
  public var allowEdit = false
  /// Hosts an edit's write-through may also send an API key to (`--allow-key-host`).
  public var keyHosts: [String] = []
  /// Only errors and warnings: no status lines.
  public var quiet = false
  /// Each rebuild's stage times too.
  public var verbose = false
  /// What the previous server process died of, when this one replaces it after
  /// a crash: the input that crashed it is still there, so this one serves the
  /// last good site without building and waits for the next edit.
  public var previousCrash: String?

  public init(siteRoot: String, server: ServerSettings) {
    self.siteRoot = siteRoot
    self.server = server
  }

  /// The forms that edit content/ are on for a loopback address, or when asked.
  var editing: Bool { DevServer.isLoopback(server.host) || allowEdit }
}
