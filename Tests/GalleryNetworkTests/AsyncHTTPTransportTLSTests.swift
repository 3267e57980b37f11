import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import TestSupport
import Testing

@testable import GalleryNetwork

@Suite("AsyncHTTPTransport verifies certificates")
struct AsyncHTTPTransportTLSTests {
  @Test("a loopback https server with a self-signed certificate is refused as a TLS failure, before any request")
  func untrustedCertificate() async throws {
    let folder = Fixtures.folder + "/tls/"
    let chain = try NIOSSLCertificate.fromPEMFile(folder + "self-signed-cert.pem").map {
      NIOSSLCertificateSource.certificate($0)
    }
    let key = try NIOSSLPrivateKey(file: folder + "self-signed-key.pem", format: .pem)
    let tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
    let server = try await LoopbackServer.start(server: try .tls(.http1(), tlsConfiguration: tls), https: true) {
      router in
      router.get("cats") { _, _ in "cats" }
    }
    let result = try await AsyncHTTPTransport.withTransport { transport in
      await AsyncHTTPTransportTests.send(transport, server.url("/cats"))
    }
    await server.stop()
    #expect(result == .failure(.tls("the server's certificate is not trusted")))
    #expect(server.paths.isEmpty)
  }
}
