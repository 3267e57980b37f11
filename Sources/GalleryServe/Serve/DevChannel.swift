import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// `serve`'s HTTP/1.1 connections: Hummingbird's own pipeline with
/// `RequestHostCheck` and `RequestReadDeadline` where they still see the
/// request as it was sent. Hummingbird's extra handlers can only come after
/// the head has been converted, when a second `Host` and an absolute-form
/// target are gone.
struct DevChannel: HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  let responder: HTTPChannelHandler.Responder
  /// How long a client may take to send a request's head, and then its body.
  let readTimeout: Duration

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      let pipeline = channel.pipeline.syncOperations
      try pipeline.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false)
      try pipeline.addHandler(RequestReadDeadline(limit: readTimeout))
      try pipeline.addHandler(RequestHostCheck())
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
    }
  }

  func handle(value: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: value, logger: logger)
  }

  /// For `Application(server:)`.
  static func builder(readTimeout: Duration) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in DevChannel(responder: responder, readTimeout: readTimeout) }
  }
}
