import AsyncHTTPClient
import Foundation
import GalleryCore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

extension NetworkError {
  /// The library's error (AsyncHTTPClient, NIO, NIOSSL) in our terms, with a
  /// reason a user can act on instead of a type dump.
  package init(_ error: any Error, configuration: AsyncHTTPTransport.Configuration, host: String) {
    if let known = Self.mapped(error, configuration: configuration, host: host) {
      self = known
    } else {
      self = .other(String(describing: error))
    }
  }

  private static func mapped(_ error: any Error, configuration: AsyncHTTPTransport.Configuration, host: String)
    -> NetworkError?
  {
    switch error {
    case is CancellationError:
      return .cancelled
    case let error as HTTPClientError:
      return client(error, configuration: configuration)
    case let error as NIOConnectionError:
      if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
        return .hostNotFound(host.isEmpty ? error.host : host)
      }
      // Every address tried failed: the first failure says why.
      return error.connectionErrors.first.flatMap { mapped($0.error, configuration: configuration, host: host) }
        ?? .other(String(describing: error))
    case let error as IOError:
      return posix(error.errnoCode, configuration: configuration)
    case let error as NIOSSLError:
      return .tls(tls(error))
    case let error as NIOSSLExtraError:
      return .tls(String(describing: error))
    case HTTPParserError.invalidEOFState:
      // The server closed the connection before the body it announced was complete.
      return .connectionLost
    case let error as ChannelError:
      if case .connectTimeout = error { return .timedOut(.connect, after: configuration.connectTimeout) }
      if case .ioOnClosedChannel = error { return .connectionLost }
      return nil
    case is SocketAddressError:
      return .hostNotFound(host)
    default:
      return nil
    }
  }

  private static func client(_ error: HTTPClientError, configuration: AsyncHTTPTransport.Configuration)
    -> NetworkError
  {
    switch error {
    case .connectTimeout, .tlsHandshakeTimeout: .timedOut(.connect, after: configuration.connectTimeout)
    case .readTimeout: .timedOut(.read, after: configuration.readTimeout)
    case .deadlineExceeded: .timedOut(.response, after: configuration.totalTimeout)
    case .remoteConnectionClosed, .bodyLengthMismatch: .connectionLost
    case .cancelled: .cancelled
    case .alreadyShutdown: .other("the network client was already shut down")
    default: .other(String(describing: error))
    }
  }

  private static func posix(_ code: Int32, configuration: AsyncHTTPTransport.Configuration) -> NetworkError {
    switch code {
    case ECONNREFUSED: .connectionRefused
    case ECONNRESET, EPIPE: .connectionLost
    case ETIMEDOUT: .timedOut(.connect, after: configuration.connectTimeout)
    default: .other(String(cString: strerror(code)))
    }
  }

  /// "the server's certificate is not trusted" rather than BoringSSL's error stack.
  private static func tls(_ error: NIOSSLError) -> String {
    let text = String(describing: error)
    if text.contains("CERTIFICATE_VERIFY_FAILED") { return "the server's certificate is not trusted" }
    if text.contains("WRONG_VERSION_NUMBER") { return "the server does not speak TLS" }
    if case .handshakeFailed = error { return "handshake failed" }
    return text
  }
}
