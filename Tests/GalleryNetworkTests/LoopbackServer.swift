import Foundation
import Hummingbird
import HummingbirdCore
import Logging

@testable import GalleryCore

/// A real HTTP server on 127.0.0.1, on a port the OS picks, for tests of the
/// real transport: nothing leaves the machine. Routes are added by the test;
/// every request's path is logged. `stop()` shuts it down; call it before
/// the test ends (after releasing any handler still waiting).
final class LoopbackServer: Sendable {
  typealias Routes = Router<BasicRequestContext>

  let port: Int
  /// `http`, or `https` when started with `server: .tls(…)`.
  let scheme: String
  private let task: Task<Void, any Error>
  private let log: Locked<[String]>

  private init(port: Int, scheme: String, task: Task<Void, any Error>, log: Locked<[String]>) {
    self.port = port
    self.scheme = scheme
    self.task = task
    self.log = log
  }

  /// Starts a server with the routes `configure` adds; returns once it listens.
  /// `https` must match `server` (a `.tls(…)` builder serves https).
  static func start(
    server: HTTPServerBuilder = .http1(), https: Bool = false, _ configure: (Routes) -> Void
  ) async throws -> LoopbackServer {
    let log = Locked<[String]>([])
    let router = Routes()
    router.add(middleware: PathLog(log: log))
    configure(router)
    var logger = Logger(label: "loopback-server")
    logger.logLevel = .critical
    let (ports, sink) = AsyncStream.makeStream(of: Int.self)
    let app = Application(
      router: router, server: server,
      configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "loopback"),
      onServerRunning: { channel in
        sink.yield(channel.localAddress?.port ?? 0)
        sink.finish()
      }, logger: logger)
    let task = Task {
      defer { sink.finish() }
      try await app.runService(gracefulShutdownSignals: [])
    }
    guard let port = await ports.first(where: { _ in true }), port > 0 else {
      task.cancel()
      throw CocoaError(.fileReadUnknown)
    }
    return LoopbackServer(port: port, scheme: https ? "https" : "http", task: task, log: log)
  }

  func url(_ path: String) -> URL {
    URL.literal("\(scheme)://127.0.0.1:\(port)\(path)")
  }

  /// The paths requested so far, in arrival order.
  var paths: [String] { log.current }

  func stop() async {
    task.cancel()
    _ = await task.result
  }

  /// Records each request's path before the routes see it.
  private struct PathLog: RouterMiddleware {
    typealias Context = BasicRequestContext
    let log: Locked<[String]>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
      async throws -> Response
    {
      log.withLock { $0.append(request.uri.path) }
      return try await next(request, context)
    }
  }
}
