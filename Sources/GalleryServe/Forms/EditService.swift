import Foundation
import GalleryContent
import GalleryCore
import GalleryOutput

/// The edit forms of `serve`: shows them, and turns their posts into edits
/// of the user's files through `ContentEditor`, after `EditGate` has let the
/// request in. Knows nothing of HTTP libraries: a request's parts come in,
/// a status, a location and a page go out, so tests drive it directly.
struct EditService: Sendable {
  let gate: EditGate
  let editor: ContentEditor
  let fileSystem: FileSystem
  let siteRoot: String
  /// The last site that built; nil until one has.
  let latest: @Sendable () -> LiveSnapshot?
  /// Rebuilds the served site after a change, returning once its pages are written.
  let afterChange: @Sendable () async -> Void
  /// Posts change files one at a time.
  let queue = EditQueue()

  /// How cat edits reach restdb: the live network, with the queue's turn
  /// given up while restdb answers.
  var network: EditNetwork {
    var network = EditNetwork.live(allowingKeyHosts: editor.allowedKeyHosts)
    network.turn = queue
    return network
  }

  /// An upload of 40 MB and the rest of the form.
  static let maxBody = PhotoDownloader.maxBytes + 1024 * 1024

  func handle(_ request: EditRequest) async -> EditResponse {
    if request.path == EditPaths.stylesheet || request.path == EditPaths.script {
      return asset(request)
    }
    var form = FormData()
    switch request.method {
    case "GET", "HEAD":
      if let reason = gate.refusesPage(host: request.host) { return .refused(reason) }
    case "POST":
      guard let parsed = FormData.parse(request.body, contentType: request.contentType ?? "") else {
        if let reason = gate.refusesSender(
          method: request.method, host: request.host, origin: request.origin, referer: request.referer)
        {
          return .refused(reason)
        }
        return .message(400, "Not a form", ["The request's body is not a form this server reads."])
      }
      form = parsed
      if let reason = gate.refusesChange(
        method: request.method, host: request.host, origin: request.origin, referer: request.referer,
        token: form.fields[EditForm.token])
      {
        return .refused(reason)
      }
    default:
      return .refused("edits are made only by POST from the forms of catgallery serve")
    }
    guard let snapshot = latest() else {
      return .message(503, "Not built yet", ["The site has not built yet; fix its errors, then reload this page."])
    }
    let pages = EditPages(snapshot: snapshot, token: gate.token)
    guard request.method == "POST" else { return await route(request, post: nil, pages: pages) }
    let post = form
    return await queue.run { await route(request, post: post, pages: pages) }
  }

  /// The form or post `request` is for.
  private func route(_ request: EditRequest, post: FormData?, pages: EditPages) async -> EditResponse {
    let path = String(request.path.dropFirst(EditPaths.prefix.count))
    if path == "new-cat" { return await newCat(post, pages: pages) }
    if path == "caption" {
      guard let park = request.query["park"].flatMap(Int.init), let photo = request.query["photo"].flatMap(Int.init)
      else { return .message(404, "No such photo", ["The link names no photo of parks.plist."]) }
      return await caption(park: park, photo: photo, post: post, pages: pages)
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if parts.count >= 2, parts.count <= 3, parts[0] == "cat", let id = parts[1].removingPercentEncoding {
      if parts.count == 2 { return await editCat(id, post: post, pages: pages) }
      if parts[2] == "remove" { return await removeCat(id, post: post, pages: pages) }
    }
    return .message(404, "Not found", ["There is no edit form at \(request.path)."])
  }

  private func asset(_ request: EditRequest) -> EditResponse {
    guard request.method == "GET" || request.method == "HEAD" else { return .refused("assets are only read") }
    let theme = Theme.merged(site: latest()?.site.templates ?? [:])
    let css = request.path == EditPaths.stylesheet
    let data = theme.files[css ? "edit/edit.css" : "edit/edit.js"] ?? Data()
    return EditResponse(
      status: 200, contentType: css ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8", body: data)
  }

  /// A refused edit's status: 422 for values, 409 for a file changed meanwhile.
  static func status(of failure: EditRefusal) -> Int {
    switch failure.kind {
    case .invalid: 422
    case .conflict: 409
    case .notFound: 404
    case .remote: 502
    case .other: 500
    }
  }

  /// The failure a form shows when the file changed since it was rendered.
  static func stale(_ file: String) -> EditRefusal {
    EditRefusal(
      "\(file) changed on disk since this form was opened, so nothing was written. "
        + "The form now shows the file as it is, and what you typed beside each field you changed.",
      kind: .conflict)
  }

}
