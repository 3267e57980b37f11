import ArgumentParser
import Foundation
import GalleryCore
import GalleryServe

/// Options of the commands that run the preview server.
struct ServerOptions: ParsableArguments {
  @Option(name: .long, help: "Port to listen on (0 picks a free one).")
  var port = 8080

  @Option(name: .long, help: "Address to bind; loopback unless you say otherwise.")
  var host = "127.0.0.1"

  @Flag(name: .long, help: "Open the site in the default browser.")
  var open = false

  @Option(
    name: .long,
    help: "Seconds a client may take to send a request's head, and then its body (1-3600).")
  var readTimeout = 60

  func validate() throws {
    guard (1...3600).contains(readTimeout) else {
      throw ValidationError("--read-timeout must be from 1 to 3600 seconds, found \(readTimeout)")
    }
  }

  /// Runs `server` until Ctrl-C, announcing `message` and the URL once bound.
  func serve(_ server: DevServer, message: String) async throws {
    var server = server
    server.readTimeout = .seconds(readTimeout)
    let host = self.host
    let open = self.open
    do {
      try await server.run { port in
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        Console.out("\(message) at \(url) (Ctrl-C to stop)")
        if open { Console.openInBrowser(url) }
      }
    } catch {
      Console.error("error: cannot listen on \(host):\(port) (\(Self.reason(error))); choose another --port or --host")
      throw ExitCode.failure
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

  /// A loopback port free now, for a server that must keep it across restarts.
  static func freePort() -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { base in
        bind(socket, base, length) == 0 && getsockname(socket, base, &length) == 0
      }
    }
    return found ? Int(UInt16(bigEndian: address.sin_port)) : 0
  }
}
