import Foundation
import GalleryCore
import Hummingbird

/// Hands every request below `/_catgallery/edit/` to `EditService`, reading a
/// post's body (at most an upload's 40 MB and the form) only once the sender
/// checks that need no body have passed.
struct EditMiddleware<Context: RequestContext>: RouterMiddleware {
  let service: EditService

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    guard request.uri.path.hasPrefix(EditPaths.prefix) else { return try await next(request, context) }
    var edit = EditRequest(
      method: request.method.rawValue, path: request.uri.path,
      query: request.uri.query.flatMap { FormData.urlEncoded(Data($0.utf8))?.fields } ?? [:],
      host: request.head.authority, origin: request.headers[.origin], referer: request.headers[.referer],
      contentType: request.headers[.contentType])
    if request.method == .post {
      if let reason = service.gate.refusesSender(
        method: edit.method, host: edit.host, origin: edit.origin, referer: edit.referer)
      {
        return Self.response(.refused(reason))
      }
      let tooLarge = EditResponse.message(413, "Too large", ["A form with its photo may be at most 40 MB."])
      if let length = request.headers[.contentLength].flatMap(Int.init), length > EditService.maxBody {
        return Self.response(tooLarge)
      }
      var request = request
      do {
        edit.body = Data(buffer: try await request.collectBody(upTo: EditService.maxBody))
      } catch {
        return Self.response(tooLarge)
      }
    }
    return Self.response(await service.handle(edit))
  }

  static func response(_ answer: EditResponse) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = answer.contentType
    headers[.cacheControl] = "no-store"
    // A page of another site must not frame a form to steer the clicks on it.
    headers[.contentSecurityPolicy] = "frame-ancestors 'none'"
    headers[.xContentTypeOptions] = "nosniff"
    if let location = answer.location { headers[.location] = location }
    return Response(
      status: HTTPResponse.Status(code: answer.status), headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
  }
}
