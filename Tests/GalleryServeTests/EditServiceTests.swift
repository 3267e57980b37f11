import Foundation
import TestSupport
import Testing

@testable import GalleryContent
@testable import GalleryCore
@testable import GalleryOutput
@testable import GalleryServe

/// The edit forms of `serve` driven as a browser would, on the minimal site
/// in memory: what each answer is, and what is (or is not) written.
@Suite("Edit forms")
struct EditServiceTests {
  static let token = String(repeating: "5a", count: 32)
  static let origin = "http://127.0.0.1:8080"

  /// The minimal site with two Abyssinian photos, built live with editing on.
  final class Served: Sendable {
    let site: TestSite
    let live: LiveSite
    let service: EditService

    init() throws {
      site = try MinimalSite.make(inMemory: true)
      try site.photo("breeds/abys/abys1.jpg")
      try site.photo("breeds/abys/abys2.jpg")
      var options = BuildOptions(siteRoot: site.root, output: site.root + "/.cache/catgallery/serve")
      options.home = site.root + "/fake-home"
      let live = LiveSite(builder: site.builder(), options: options, editing: true)
      self.live = live
      #expect(live.build().succeeded)
      let codec = FakeCodec(fileSystem: site.fileSystem)
      service = EditService(
        gate: EditGate(token: EditServiceTests.token, boundHost: "127.0.0.1"),
        editor: ContentEditor(siteRoot: site.root, fileSystem: site.fileSystem, codec: codec, now: TestSite.now),
        fileSystem: site.fileSystem, siteRoot: site.root, latest: { live.latest },
        afterChange: { await live.rebuildAndWait { _ in } })
    }

    var cats: String { site.read("content/cats.json") ?? "" }
    var parks: String { site.read("content/parks.plist") ?? "" }
    func page(_ path: String) -> String { site.read(".cache/catgallery/serve/" + path) ?? "" }

    func get(_ path: String, query: [String: String] = [:]) async -> (Int, String) {
      let answer = await service.handle(
        EditRequest(method: "GET", path: path, query: query, host: "127.0.0.1:8080"))
      return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    /// Posts `fields` url-encoded, with this server's token and origin unless told otherwise.
    func post(
      _ path: String, _ fields: [String: String], query: [String: String] = [:], token: String? = token,
      origin: String? = origin, method: String = "POST"
    ) async -> EditResponse {
      var all = fields
      if let token { all[EditForm.token] = token }
      let body = all.map { "\(encode($0))=\(encode($1))" }.joined(separator: "&")
      return await service.handle(
        EditRequest(
          method: method, path: path, query: query, host: "127.0.0.1:8080", origin: origin,
          contentType: "application/x-www-form-urlencoded", body: Data(body.utf8)))
    }

    private func encode(_ text: String) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~")
      return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The hidden `_hash` of the form at `path`.
    func hash(_ path: String, query: [String: String] = [:]) async -> String {
      let (_, html) = await get(path, query: query)
      guard let range = html.range(of: "name=\"_hash\" value=\"") else { return "" }
      return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  static let mochi = [
    "name": "Mochi", "owner": "Priya Raman", "breed": "abys", "born": "2019-04-17", "weight": "4.8",
    "rating": "5", "photo-choice": "none",
  ]
  static let felis = "/_catgallery/edit/cat/5d9a1c2e8f0b2a0011a1b2c3"

  @Test("the add form offers exactly what the rules allow")
  func addForm() async throws {
    let served = try Served()
    let (status, html) = await served.get(EditPaths.newCat)
    #expect(status == 200)
    #expect(html.contains("name=\"_token\" value=\"\(Self.token)\""))
    #expect(html.contains("type=\"number\" inputmode=\"decimal\" value=\"\" min=\"0.5\" max=\"15.0\" step=\"0.1\""))
    #expect(html.contains("type=\"date\" value=\"\" min=\"1995-01-01\" max=\"2026-01-01\""))
    #expect(html.contains("<option value=\"abys\">Abyssinian</option>"))
    #expect((1...5).allSatisfy { html.contains("name=\"rating\" value=\"\($0)\"") })
    #expect(html.contains("value=\"photo:breeds/abys/abys1\""))
    #expect(html.contains("maxlength=\"80\""))
  }

  @Test("pages built live link to the forms; a build's pages do not")
  func links() throws {
    let served = try Served()
    #expect(served.page("cats/index.html").contains("href=\"\(EditPaths.newCat)\""))
    #expect(served.page("cats/5d9a1c2e8f0b2a0011a1b2c3/index.html").contains("href=\"\(Self.felis)\""))
    #expect(
      served.page("parks/ohiopyle/falls1/index.html").contains(
        EditPaths.caption(park: 0, photo: 0).replacingOccurrences(of: "&", with: "&amp;")))
    let site = try MinimalSite.make(inMemory: true)
    #expect(site.build().succeeded)
    let files = try site.fileSystem.subpaths(of: site.root + "/public")
    for file in files where file.hasSuffix(".html") || file.hasSuffix(".js") || file.hasSuffix(".css") {
      #expect(!(site.read("public/" + file) ?? "").contains("_catgallery"), "\(file)")
    }
  }

  @Test("a post without the token, from another site, by PUT or to a rebound name is refused; nothing changes")
  func refused() async throws {
    let served = try Served()
    let before = served.cats
    let hash = await served.hash(Self.felis)
    let edit = ["rating": "2", EditForm.hash: hash]
    #expect(await served.post(Self.felis, edit, token: nil).status == 403)
    #expect(await served.post(Self.felis, edit, token: String(repeating: "0", count: 64)).status == 403)
    #expect(await served.post(Self.felis, edit, origin: "http://evil.example").status == 403)
    #expect(await served.post(Self.felis, edit, origin: nil).status == 403)
    #expect(await served.post(Self.felis, edit, method: "PUT").status == 403)
    #expect(await served.post(Self.felis, edit, method: "DELETE").status == 403)
    let rebound = await served.service.handle(
      EditRequest(method: "GET", path: Self.felis, host: "evil.example:8080"))
    #expect(rebound.status == 403 && !String(decoding: rebound.body, as: UTF8.self).contains(Self.token))
    #expect(served.cats == before)
  }

  @Test("every invalid value is refused with 422, shown next to its field as typed; the file is unchanged")
  func invalid() async throws {
    let served = try Served()
    let before = served.cats
    var values = Self.mochi
    values["weight"] = "15.1"
    values["rating"] = "0"
    values["born"] = "1994-12-31"
    values["name"] = "  "
    values["breed"] = "zzzz"
    let answer = await served.post(EditPaths.newCat, values)
    let html = String(decoding: answer.body, as: UTF8.self)
    #expect(answer.status == 422)
    for field in ["name", "breed", "born", "weight", "rating"] {
      #expect(html.contains("id=\"\(field)-error\""), "\(field)")
    }
    #expect(html.contains("value=\"15.1\"") && html.contains("value=\"1994-12-31\""))
    #expect(html.contains("5 values need fixing"))
    #expect(served.cats == before)
  }

  @Test("a valid new cat is written, the site rebuilt, and the browser sent to its page")
  func add() async throws {
    let served = try Served()
    var values = Self.mochi
    values["photo-choice"] = "photo:breeds/abys/abys2"
    let answer = await served.post(EditPaths.newCat, values)
    // A new cat's page is at its new _id.
    let page = try #require(answer.location?.wholeMatch(of: #/\/(cats\/[0-9a-f]{24}\/)/#)?.output.1)
    #expect(answer.status == 303)
    #expect(
      served.cats.contains("\"catName\": \"Mochi\"") && served.cats.contains("\"photoUrl\": \"breeds/abys/abys2\""))
    #expect(served.page(String(page) + "index.html").contains("<h1>Mochi</h1>"))
  }

  @Test("a refused photo is shown with the other fields' problems")
  func allProblems() async throws {
    let served = try Served()
    var values = Self.mochi
    values["weight"] = "99"
    values["photo-choice"] = "photo:nope"
    let answer = await served.post(EditPaths.newCat, values)
    let html = String(decoding: answer.body, as: UTF8.self)
    #expect(answer.status == 422 && html.contains("id=\"weight-error\"") && html.contains("id=\"photo-error\""))
  }

  @Test(
    "caption links naming no photo are 404, even at the edge of Int", arguments: ["-1", "9223372036854775807", "x"])
  func noSuchPhoto(_ index: String) async throws {
    let served = try Served()
    #expect(await served.get(EditPaths.prefix + "caption", query: ["park": index, "photo": "0"]).0 == 404)
    #expect(await served.get(EditPaths.prefix + "caption", query: ["park": "0", "photo": index]).0 == 404)
  }

  @Test("a photo of another breed, a path and a non-image upload are refused")
  func photos() async throws {
    let served = try Served()
    let before = served.cats
    var values = Self.mochi
    values["breed"] = "beng"
    values["photo-choice"] = "photo:breeds/abys/abys1"
    #expect(await served.post(EditPaths.newCat, values).status == 422)
    values["photo-choice"] = "photo:../../etc/passwd"
    #expect(await served.post(EditPaths.newCat, values).status == 422)
    values["photo-choice"] = "upload"
    #expect(await served.post(EditPaths.newCat, values).status == 422)
    #expect(served.cats == before)
  }

  @Test("an edit changes only the fields that differ; a stale form is refused with 409")
  func edit() async throws {
    let served = try Served()
    let hash = await served.hash(Self.felis)
    let form = [
      "name": "Felis catus", "owner": "Ruth Hill", "breed": "abys", "born": "2015-03-12", "weight": "4.0",
      "rating": "4", "photo-choice": "keep", EditForm.hash: hash,
    ]
    var changed = form
    changed["rating"] = "3"
    let before = served.cats
    let answer = await served.post(Self.felis, changed)
    #expect(answer.status == 303 && answer.location == "/cats/5d9a1c2e8f0b2a0011a1b2c3/")
    let diff = zip(before.split(separator: "\n"), served.cats.split(separator: "\n")).filter { $0 != $1 }
    #expect(diff.map(\.1) == ["    \"rating\": 3,"])
    // The form was rendered before that edit: its hash is stale now.
    let edited = served.cats
    changed["rating"] = "1"
    let stale = await served.post(Self.felis, changed)
    let page = String(decoding: stale.body, as: UTF8.self)
    #expect(stale.status == 409 && page.contains("changed on disk"))
    #expect(served.cats == edited)
    // The form shown again holds the file as it is now, not the stale values
    // (saving it again must not undo the other change).
    #expect(page.contains("id=\"rating-3\" name=\"rating\" value=\"3\" checked"))
    #expect(!page.contains("value=\"1\" checked"))
  }

  @Test("remove asks first, then removes the cat")
  func remove() async throws {
    let served = try Served()
    let (status, html) = await served.get(Self.felis + "/remove")
    #expect(status == 200 && html.contains("Remove Felis catus?"))
    let hash = await served.hash(Self.felis + "/remove")
    let answer = await served.post(Self.felis + "/remove", [EditForm.hash: hash])
    #expect(answer.status == 303 && answer.location == "/cats/")
    #expect(!served.cats.contains("Felis catus"))
  }

  @Test("a caption is changed in place; an empty one is refused with 422")
  func caption() async throws {
    let served = try Served()
    let query = ["park": "0", "photo": "0"]
    let path = EditPaths.prefix + "caption"
    let hash = await served.hash(path, query: query)
    let before = served.parks
    for refused in [" ", "evil \u{202E}txt", "two\u{2028}lines", "odd \u{FFFF}"] {
      let answer = await served.post(path, ["caption": refused, EditForm.hash: hash], query: query)
      #expect(answer.status == 422 && served.parks == before, "\(refused.unicodeScalars.map(\.value))")
    }
    let answer = await served.post(path, ["caption": "Falls & mist", EditForm.hash: hash], query: query)
    #expect(answer.status == 303 && answer.location == "/parks/ohiopyle/falls1/")
    #expect(served.parks.contains("<string>Falls &amp; mist</string>"))
    #expect(served.page("parks/ohiopyle/falls1/index.html").contains("Falls &amp; mist"))
  }
}
