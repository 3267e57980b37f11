import Foundation

extension DevServer {
  /// Serves until SIGINT or SIGTERM. Once bound, `report` gets the status
  /// line "`message` at URL (Ctrl-C to stop)" and then the URL. False, with
  /// an error naming the OS reason reported, when the server cannot run.
  func serve(announcing message: String, report: @escaping @Sendable (SessionMessage) -> Void) async -> Bool {
    let host = self.host
    do {
      try await run { port in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        report(.status("\(message) at \(url) (Ctrl-C to stop)"))
        report(.listening(url: url))
      }
      return true
    } catch {
      report(
        .diagnostics([
          .error("cannot listen on \(host):\(port) (\(Self.reason(error))); choose another --port or --host")
        ]))
      return false
    }
  }

  /// The OS reason inside a server error ("Address already in use"): NIO's
  /// errors end in "(errno: N)".
  static func reason(_ error: Error) -> String {
    let text = String(describing: error)
    guard let range = text.range(of: "(errno: "), let code = Int32(text[range.upperBound...].prefix { $0.isNumber })
    else { return text }
    return String(cString: strerror(code))
  }
}
