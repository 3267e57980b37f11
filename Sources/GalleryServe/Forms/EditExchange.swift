import Foundation
import GalleryCore

/// A request to the edit forms, as `EditService` needs it.
struct EditRequest: Sendable {
  var method: String
  /// The URL's path, without the query.
  var path: String
  var query: [String: String] = [:]
  var host: String?
  var origin: String?
  var referer: String?
  var contentType: String?
  var body = Data()
}

/// What `EditService` answers: a page, or a redirect to one.
struct EditResponse: Sendable, Equatable {
  var status: Int
  var location: String?
  var contentType = "text/html; charset=utf-8"
  var body = Data()

  init(status: Int, location: String? = nil, contentType: String = "text/html; charset=utf-8", body: Data = Data()) {
    self.status = status
    self.location = location
    self.contentType = contentType
    self.body = body
  }

  /// 303 See Other: after a post, the browser asks for `location` with GET.
  static func seeOther(_ location: String) -> EditResponse { EditResponse(status: 303, location: location) }

  static func page(_ status: Int, _ html: Data) -> EditResponse { EditResponse(status: status, body: html) }

  /// 403 with the reason: nothing was changed.
  static func refused(_ reason: String) -> EditResponse {
    message(403, "Refused", ["Nothing was changed: \(reason)."])
  }

  /// A plain page of `lines`, for answers no form can show.
  static func message(_ status: Int, _ title: String, _ lines: [String]) -> EditResponse {
    let body = lines.map { "<p>\(HTMLEscape().escapeText($0))</p>" }.joined()
    let html = """
      <!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">\
      <title>\(HTMLEscape().escapeText(title))</title><body style="font:16px/1.5 system-ui,sans-serif;margin:2em">\
      <main><h1>\(HTMLEscape().escapeText(title))</h1>\(body)<p><a href="/">Back to the site</a></p></main></body></html>
      """
    return EditResponse(status: status, body: Data(html.utf8))
  }
}
