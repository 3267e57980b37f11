import Foundation
import GalleryContent
import GalleryCore
import GalleryOutput
import Hummingbird
import Logging
import ServiceLifecycle

/// The HTTP side of `serve` and `preview`: Hummingbird's file middleware (MIME
/// types, ETags, ranges) behind a guard that keeps requests inside the folder,
/// the site's 404 page, and the server-sent events that reload open tabs.
struct DevServer: Sendable {
  let folder: String
  let host: String
  let port: Int
  let hub: ReloadHub
  let fileSystem: FileSystem
  /// Makes a missing file on request (`preview` serves pages before every
  /// thumbnail exists); returns true when the file now exists.
  var makeOnDemand: (@Sendable (String) -> Bool)?
  /// The edit forms, when `editing(_:codec:report:)` turned them on.
  var edit: EditService?
  /// How long a client may take to send a request's head, and then its
  /// body, before its connection is closed (`RequestReadDeadline`).
  var readTimeout: Duration = .seconds(60)

  init(folder: String, host: String, port: Int, hub: ReloadHub, fileSystem: FileSystem) {
    self.fileSystem = fileSystem
    self.folder = folder
    self.host = host
    self.port = port
    self.hub = hub
  }

  /// This server with the edit forms on: they change the files of `live`'s
  /// site, which is then rebuilt (`report` is told) before the browser is
  /// sent to the changed page.
  func editing(
    _ live: LiveSite, codec: ImageCodec, allowingKeyHosts keyHosts: [String] = [],
    report: @escaping @Sendable (_ started: Date, BuildReport) -> Void
  ) -> DevServer {
    var server = self
    var editor = ContentEditor(siteRoot: live.siteRoot, fileSystem: fileSystem, codec: codec)
    editor.allowedKeyHosts = keyHosts
    server.edit = EditService(
      gate: EditGate(boundHost: host, machineName: ProcessInfo.processInfo.hostName),
      editor: editor,
      fileSystem: fileSystem, siteRoot: live.siteRoot, latest: { live.latest },
      afterChange: {
        let start = Date()
        await live.rebuildAndWait { report(start, $0) }
      })
    return server
  }

  /// 127.0.0.0/8, ::1 and localhost, as addresses, not by a name's prefix.
  static func isLoopback(_ host: String) -> Bool { URLPolicy.isLoopback(host: host) }

  /// Serves until SIGINT or SIGTERM; `onRunning` gets the bound port.
  func run(onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
    let router = Router()
    if let edit { router.add(middleware: EditMiddleware(service: edit)) }
    router.add(middleware: GuardMiddleware(folder: folder, fileSystem: fileSystem, makeOnDemand: makeOnDemand))
    router.add(middleware: FileMiddleware(folder, searchForIndexHtml: true, logger: Self.quietLogger()))
    let hub = self.hub
    router.get(RouterPath(LiveSite.eventsPath)) { _, _ -> Response in
      let stream = await hub.subscribe()
      var headers = HTTPFields()
      headers[.contentType] = "text/event-stream"
      headers[.cacheControl] = "no-store"
      return Response(
        status: .ok, headers: headers,
        body: ResponseBody { writer in
          try await writer.write(ByteBuffer(string: ": connected\n\n"))
          // An event stream never ends by itself; Ctrl-C must end it, or the
          // graceful shutdown would wait for it forever.
          try await withGracefulShutdownHandler {
            for await message in stream {
              try await writer.write(ByteBuffer(string: message))
            }
          } onGracefulShutdown: {
            Task { await hub.closeAll() }
          }
          try await writer.finish(nil)
        })
    }
    let app = Application(
      router: router, server: DevChannel.builder(readTimeout: readTimeout),
      configuration: .init(address: .hostname(host, port: port), serverName: "catgallery"),
      onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) },
      logger: Self.quietLogger())
    try await app.runService()
  }

  static func quietLogger() -> Logger {
    var logger = Logger(label: "catgallery-serve")
    logger.logLevel = .warning
    return logger
  }
}

/// Answers unsafe and missing paths with the site's 404 page before the file
/// middleware sees them.
struct GuardMiddleware<Context: RequestContext>: RouterMiddleware {
  let folder: String
  let fileSystem: FileSystem
  let makeOnDemand: (@Sendable (String) -> Bool)?

  /// Served while no build has succeeded (there is no 404.html yet): it carries
  /// the live-reload script, so the tab shows the errors and loads the site as
  /// soon as a fix builds.
  static var notBuiltYet: Data {
    Data(
      """
      <!doctype html><html lang="en"><meta charset="utf-8"><title>Not built yet</title>\
      <body id="catgallery-unbuilt" style="font:16px/1.5 system-ui,sans-serif;margin:2em">\
      <p>The site has not built yet. Fix the errors and this page reloads by itself.</p>\
      \(LiveSite.reloadScript)</body></html>
      """.utf8)
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    if request.uri.path == LiveSite.eventsPath { return try await next(request, context) }
    switch RequestPath.resolve(request.uri.path, root: folder, in: fileSystem) {
    case .file(let path):
      // A rebuild replaces pages in place; the file middleware takes a file's
      // length and then opens it by name, so a page swapped in between went
      // out with the old length. A page is read once, whole, instead (images
      // are content-hashed and never rewritten).
      guard path.hasSuffix(".html"), request.method == .get || request.method == .head,
        let page = try? fileSystem.contents(of: path)
      else { return try await next(request, context) }
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      headers[.cacheControl] = "no-cache"
      return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
    case .redirect(let location):
      return .redirect(to: location, type: .permanent)
    case .notFound:
      if let makeOnDemand, request.uri.path.hasPrefix("/images/"),
        makeOnDemand(String(request.uri.path.dropFirst("/images/".count)))
      {
        return try await next(request, context)
      }
      var headers = HTTPFields()
      headers[.contentType] = "text/html; charset=utf-8"
      let page = (try? fileSystem.contents(of: folder + "/404.html")) ?? Self.notBuiltYet
      return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
    }
  }
}
