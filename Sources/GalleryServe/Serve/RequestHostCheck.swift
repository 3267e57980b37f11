import Foundation
import NIOCore
import NIOHTTP1

/// Makes the `Host` a request is handled by the one it really names, before
/// the request's head is turned into Hummingbird's, which keeps the first of
/// several `Host` headers and drops the host of an absolute-form target
/// (`GET http://evil.example/… HTTP/1.1`). Either way a request could carry
/// a loopback `Host` past `EditGate` while naming another host, as a DNS
/// name rebound to 127.0.0.1 does.
///
/// - An absolute-form target's host and port replace every `Host` header
///   (RFC 9112 3.2.2 says the target's wins).
/// - Two or more `Host` headers, or a target that is neither a path nor an
///   http(s) URL with a host, leave the request with no `Host`: which server
///   it meant is unknown, so nothing that needs its own address (the edit
///   forms) answers it.
final class RequestHostCheck: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(let head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    context.fireChannelRead(wrapInboundOut(.head(Self.checked(head))))
  }

  /// `head` with the `Host` it names, or none when that is not one host.
  static func checked(_ head: HTTPRequestHead) -> HTTPRequestHead {
    var head = head
    if head.uri.hasPrefix("/") {
      if head.headers["Host"].count > 1 { head.headers.remove(name: "Host") }
    } else if let authority = authority(ofAbsolute: head.uri) {
      head.headers.replaceOrAdd(name: "Host", value: authority)
    } else {
      head.headers.remove(name: "Host")
    }
    return head
  }

  /// `evil.example:8080` for `http://evil.example:8080/path`; nil for
  /// anything but an http(s) URL with a host.
  static func authority(ofAbsolute target: String) -> String? {
    guard let parts = URLComponents(string: target), let scheme = parts.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = parts.host, !host.isEmpty
    else { return nil }
    let name = bracketed(host)
    return parts.port.map { "\(name):\($0)" } ?? name
  }

  /// `host` as a Host header writes it: an IPv6 address in brackets
  /// (`[::1]`), anything else as it is.
  static func bracketed(_ host: String) -> String {
    host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
  }
}
