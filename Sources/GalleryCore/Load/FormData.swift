import Foundation

/// A posted form: its text fields and its uploaded files, parsed from the body
/// of an `application/x-www-form-urlencoded` or `multipart/form-data` request.
/// Pure and bounded, because the bytes come from whoever can reach the port:
/// a malformed body is `nil`, never a crash.
package struct FormData: Sendable, Equatable {
  package struct File: Sendable, Equatable {
    /// The name the browser gave the file (only shown, never used as a path).
    package var filename: String
    var contentType: String?
    package var data: Data
  }

  /// Text fields by name; when a name repeats, the first value wins.
  package var fields: [String: String] = [:]
  /// Uploaded files by field name; an empty file input sends no file.
  package var files: [String: File] = [:]

  package init() {}

  /// Parts a form may have; the edit forms have about a dozen.
  static let maxParts = 200

  /// Parses `body` as the `contentType` header says; nil for any other type
  /// or a body that does not parse.
  package static func parse(_ body: Data, contentType: String) -> FormData? {
    let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    switch type {
    case "application/x-www-form-urlencoded": return urlEncoded(body)
    case "multipart/form-data":
      guard let boundary = parameter("boundary", of: contentType), !boundary.isEmpty else { return nil }
      return multipart(body, boundary: boundary)
    default: return nil
    }
  }

  /// `name=Mochi&owner=Ada+L%C3%B3pez`: `+` is a space, `%XX` a byte of UTF-8.
  package static func urlEncoded(_ body: Data) -> FormData? {
    guard let text = String(data: body, encoding: .utf8) else { return nil }
    var form = FormData()
    let pairs = text.split(separator: "&", omittingEmptySubsequences: true)
    guard pairs.count <= maxParts else { return nil }
    for pair in pairs {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
      if form.fields[name] == nil { form.fields[name] = value }
    }
    return form
  }

  private static func decode(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }

  /// A parameter of a header value: `boundary` of `multipart/form-data; boundary="x"`.
  static func parameter(_ name: String, of header: String) -> String? {
    for piece in header.split(separator: ";").dropFirst() {
      let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      guard pair.count == 2, pair[0].lowercased() == name else { continue }
      var value = pair[1]
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return value
    }
    return nil
  }
}
