import Foundation
import Testing

@testable import GalleryCore

@Suite("Posted forms")
struct FormDataTests {
  @Test("url-encoded: + is a space, %XX is UTF-8, the first of a repeated name wins")
  func urlEncoded() throws {
    let form = try #require(
      FormData.parse(
        Data("name=Ada+L%C3%B3pez&rating=5&rating=1&empty=&flag".utf8),
        contentType: "application/x-www-form-urlencoded; charset=UTF-8"))
    #expect(form.fields == ["name": "Ada López", "rating": "5", "empty": "", "flag": ""])
    #expect(FormData.parse(Data("a=%zz".utf8), contentType: "application/x-www-form-urlencoded") == nil)
    #expect(FormData.parse(Data("a=b".utf8), contentType: "text/plain") == nil)
  }

  static func multipart(_ parts: [(headers: String, body: [UInt8])], boundary: String = "XyZ") -> Data {
    var data = Data()
    for part in parts {
      data += Data("--\(boundary)\r\n\(part.headers)\r\n\r\n".utf8) + Data(part.body) + Data("\r\n".utf8)
    }
    return data + Data("--\(boundary)--\r\n".utf8)
  }

  @Test("multipart: text fields, a file with CR LF and boundary-like bytes inside, an empty file input")
  func multipart() throws {
    let image: [UInt8] = [0xFF, 0xD8, 0xFF, 13, 10, 45, 45, 88, 121, 0, 13, 10, 13, 10, 0xFF, 0xD9]
    let body = Self.multipart([
      ("Content-Disposition: form-data; name=\"name\"", Array("Mochi".utf8)),
      ("Content-Disposition: form-data; name=\"photo-file\"; filename=\"a b.jpg\"\r\nContent-Type: image/jpeg", image),
      ("Content-Disposition: form-data; name=\"other\"; filename=\"\"\r\nContent-Type: application/octet-stream", []),
      ("Content-Disposition: form-data; name=\"name\"", Array("Second".utf8)),
    ])
    let form = try #require(FormData.parse(body, contentType: "multipart/form-data; boundary=XyZ"))
    #expect(form.fields == ["name": "Mochi"])
    #expect(form.files.count == 1)
    let file = try #require(form.files["photo-file"])
    #expect(file.filename == "a b.jpg" && file.contentType == "image/jpeg" && file.data == Data(image))
  }

  @Test(
    "multipart that does not parse is nil, not a crash",
    arguments: [
      "", "--XyZ", "--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end",
      "--XyZ\r\nno blank line\r\n--XyZ--", "--XyZ\r\nContent-Type: text/plain\r\n\r\nx\r\n--XyZ--",
      "--XyZ\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nx\r\n--XyZ--", "garbage before\r\n--XyZ--",
    ])
  func malformed(_ text: String) {
    #expect(FormData.parse(Data(text.utf8), contentType: "multipart/form-data; boundary=XyZ") == nil)
  }

  @Test("a missing or overlong boundary, and too many parts, are refused")
  func limits() {
    let one = Self.multipart([("Content-Disposition: form-data; name=\"a\"", [120])])
    #expect(FormData.parse(one, contentType: "multipart/form-data") == nil)
    let long = String(repeating: "b", count: 71)
    #expect(
      FormData.parse(
        Self.multipart([("Content-Disposition: form-data; name=\"a\"", [120])], boundary: long),
        contentType: "multipart/form-data; boundary=\(long)") == nil)
    let many = Self.multipart(
      (0...FormData.maxParts).map { ("Content-Disposition: form-data; name=\"f\($0)\"", [120]) })
    #expect(FormData.parse(many, contentType: "multipart/form-data; boundary=\"XyZ\"") == nil)
    let fields = (0...FormData.maxParts).map { "f\($0)=1" }.joined(separator: "&")
    #expect(FormData.parse(Data(fields.utf8), contentType: "application/x-www-form-urlencoded") == nil)
  }
}
