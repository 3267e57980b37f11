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

  /// What the library's server is given.
  var settings: ServerSettings { ServerSettings(host: host, port: port, readTimeout: .seconds(readTimeout)) }

  /// Prints what a session reports: diagnostics and progress on stderr,
  /// status lines on stdout; opens the browser once listening, with `--open`.
  func reporter(quiet: Bool, verbose: Bool, opensBrowser: Bool) -> @Sendable (SessionMessage) -> Void {
    let progress = Console.progress(quiet: quiet)
    let videoProgress = Console.videoProgress(quiet: quiet)
    let open = self.open && opensBrowser
    return { message in
      switch message {
      case .diagnostics(let diagnostics): Console.print(diagnostics, verbose: verbose)
      case .status(let line): Console.out(line)
      case .timings(let report): Console.timings(report)
      case .progress(let state): progress?(state)
      case .videoProgress(let state): videoProgress?(state)
      case .listening(let url): if open { Console.openInBrowser(url) }
      }
    }
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
