/// Where and how the server of `serve` and `preview` listens.
public struct ServerSettings: Sendable {
  /// The address to bind; the edit forms are on by themselves only for a loopback one.
  package let host: String
  /// The port to listen on; 0 picks a free one.
  package let port: Int
  /// How long a client may take to send a request's head, and then its body.
  package let readTimeout: Duration

  public init(host: String, port: Int, readTimeout: Duration) {
    self.host = host
    self.port = port
    self.readTimeout = readTimeout
  }
}
