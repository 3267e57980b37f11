import GalleryNetwork
import NIOCore
import NIOHTTP1

/// Closes a connection whose client is too slow to send a request: its head
/// must arrive within `limit` of the connection opening (or of the last
/// answer ending), and its body within `limit` of the head. A client sending
/// one byte every few seconds would otherwise hold a connection, and a form
/// post the edit queue, for ever. Nothing is timed while the server answers,
/// so the live-reload event stream, an answer that never ends, is left alone.
final class RequestReadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  let limit: TimeAmount
  /// Heads read and answers ended: the server owes an answer while they differ.
  private var requests = 0
  private var answers = 0
  /// Between a head and the end of its body.
  private var readingBody = false
  private var timer: Scheduled<Void>?

  init(limit: Duration) {
    self.limit = AsyncHTTPTransport.timeAmount(limit)
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { restart(context) }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
  }

  func channelActive(context: ChannelHandlerContext) {
    restart(context)
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    context.fireChannelInactive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      requests += 1
      readingBody = true
      restart(context)
    case .body:
      break
    case .end:
      readingBody = false
      restart(context)
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) {
      answers += 1
      restart(context)
    }
    context.write(data, promise: promise)
  }

  /// Starts the clock for what the client owes now: the rest of a body, or
  /// the next head once every request is answered; stops it otherwise.
  private func restart(_ context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
    guard readingBody || requests == answers else { return }
    timer = context.eventLoop.assumeIsolated().scheduleTask(in: limit) { [weak self] in
      self?.timer = nil
      context.close(promise: nil)
    }
  }
}
