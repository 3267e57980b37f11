import Foundation
import HTTPTypes
import Hummingbird
import Testing

@testable import GalleryCore
@testable import GalleryNetwork

/// Writes over the real transport to a loopback server: the method and body
/// arrive as sent, and a redirect of a write comes back unfollowed.
@Suite("AsyncHTTPTransport writes")
struct AsyncHTTPTransportWriteTests {
  static let key = "restdb_SECRET_0123456789"

  @Test("POST, PUT and DELETE arrive with their method, JSON body and headers")
  func methodsAndBodies() async throws {
    let seen = Locked<[String]>([])
    try await AsyncHTTPTransportTests.withServer { router in
      let record: @Sendable (Request, String) async throws -> Response = { request, answer in
        let body = try await request.body.collect(upTo: 1 << 20)
        let key = request.headers[HTTPField.Name("x-apikey")!] ?? ""
        seen.withLock {
          $0.append(
            "\(request.method) \(request.uri.path) \(request.headers[.contentType] ?? "-") \(key) "
              + String(buffer: body))
        }
        return Response(status: .created, body: .init(byteBuffer: ByteBuffer(string: answer)))
      }
      router.post("rest/cats") { request, _ in try await record(request, #"{"_id":"a1"}"#) }
      router.put("rest/cats/a1") { request, _ in try await record(request, #"{"_id":"a1"}"#) }
      router.delete("rest/cats/a1") { request, _ in try await record(request, #"{"result":["a1"]}"#) }
    } _: { server, transport in
      let headers = [HTTPHeader("Content-Type", "application/json"), .secret("x-apikey", Self.key)]
      let body = Data(#"{"catName":"Nimbus"}"#.utf8)
      let made = try await transport.send(
        NetworkRequest(.post, server.url("/rest/cats"), headers: headers, body: body))
      #expect(made.status == 201 && made.body == Data(#"{"_id":"a1"}"#.utf8))
      _ = try await transport.send(NetworkRequest(.put, server.url("/rest/cats/a1"), headers: headers, body: body))
      _ = try await transport.send(NetworkRequest(.delete, server.url("/rest/cats/a1"), headers: [headers[1]]))
      #expect(
        seen.current == [
          #"POST /rest/cats application/json \#(Self.key) {"catName":"Nimbus"}"#,
          #"PUT /rest/cats/a1 application/json \#(Self.key) {"catName":"Nimbus"}"#,
          "DELETE /rest/cats/a1 - \(Self.key) ",
        ])
    }
  }

  @Test(
    "a redirect of a write is the answer: not followed, not turned into a GET", arguments: [301, 302, 303, 307, 308])
  func redirectNotFollowed(status: Int) async throws {
    try await AsyncHTTPTransportTests.withServer { router in
      router.post("rest/cats") { _, _ in
        Response(status: HTTPResponse.Status(code: status), headers: [.location: "/rest/elsewhere"])
      }
      router.get("rest/elsewhere") { _, _ in Response(status: .ok) }
      router.post("rest/elsewhere") { _, _ in Response(status: .ok) }
    } _: { server, transport in
      let request = NetworkRequest(
        .post, server.url("/rest/cats"), headers: [.secret("x-apikey", Self.key)], body: Data("{}".utf8))
      let response = try await transport.send(request)
      #expect(response.status == status)
      #expect(response.value(of: "location") == "/rest/elsewhere")
      #expect(server.paths == ["/rest/cats"])
    }
  }

  @Test("a request's descriptions name its body's size, never its key or its contents")
  func descriptions() {
    let request = NetworkRequest(
      .put, URL(string: "https://example.invalid/rest/cats/a1?apikey=\(Self.key)")!,
      headers: [.secret("x-apikey", Self.key)], body: Data(#"{"catName":"Nimbus"}"#.utf8))
    let texts = [
      request.description, request.debugDescription, String(describing: request), String(reflecting: request),
      "\(Mirror(reflecting: request).children.map { "\($0.label ?? ""): \($0.value)" })",
    ]
    #expect(request.description == "PUT https://example.invalid/rest/cats/a1?apikey=REDACTED")
    #expect(request.debugDescription.hasSuffix("(20 bytes of body)"))
    for text in texts {
      #expect(!text.contains(Self.key))
      #expect(!text.contains("Nimbus"))
    }
  }
}
