import Foundation

/// `multipart/form-data` (RFC 7578): parts between `--boundary` lines, each
/// with a `Content-Disposition: form-data; name="…"` header, a file part with
/// a `filename` too.
extension FormData {
  static func multipart(_ body: Data, boundary: String) -> FormData? {
    // RFC 2046 allows at most 70 characters.
    guard (1...70).contains(boundary.utf8.count) else { return nil }
    let bytes = [UInt8](body)
    let delimiter = Array("--\(boundary)".utf8)
    let separator = Array("\r\n--\(boundary)".utf8)
    guard bytes.starts(with: delimiter) else { return nil }
    var form = FormData()
    var position = delimiter.count
    var parts = 0
    while true {
      // After a delimiter: "--" ends the body, CRLF starts a part.
      if bytes[position...].starts(with: Array("--".utf8)) { return form }
      guard bytes[position...].starts(with: [13, 10]) else { return nil }
      position += 2
      guard let end = find(separator, in: bytes, from: position) else { return nil }
      parts += 1
      guard parts <= maxParts, let part = Part(bytes[position..<end]) else { return nil }
      if let filename = part.filename {
        if !filename.isEmpty || !part.body.isEmpty, form.files[part.name] == nil {
          form.files[part.name] = File(filename: filename, contentType: part.contentType, data: Data(part.body))
        }
      } else if form.fields[part.name] == nil {
        guard let text = String(bytes: part.body, encoding: .utf8) else { return nil }
        form.fields[part.name] = text
      }
      position = end + separator.count
    }
  }

  /// One part: its headers up to the blank line, then its body.
  private struct Part {
    var name: String
    var filename: String?
    var contentType: String?
    var body: ArraySlice<UInt8>

    init?(_ bytes: ArraySlice<UInt8>) {
      guard let blank = FormData.find([13, 10, 13, 10], in: Array(bytes), from: 0) else { return nil }
      let headerBytes = bytes.prefix(blank)
      guard headerBytes.count <= 8 * 1024, let headers = String(bytes: headerBytes, encoding: .utf8) else {
        return nil
      }
      var name: String?
      for line in headers.components(separatedBy: "\r\n") {
        let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2 else { continue }
        switch pair[0].lowercased() {
        case "content-disposition":
          guard pair[1].lowercased().hasPrefix("form-data") else { return nil }
          name = FormData.parameter("name", of: pair[1])
          filename = FormData.parameter("filename", of: pair[1])
        case "content-type": contentType = pair[1]
        default: break
        }
      }
      guard let name else { return nil }
      self.name = name
      body = bytes[(bytes.startIndex + blank + 4)...]
    }
  }

  /// The index of the first `needle` in `bytes` at or after `start`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = start
    let last = bytes.count - needle.count
    while index <= last {
      guard let next = bytes[index...last].firstIndex(of: first) else { return nil }
      if bytes[next..<(next + needle.count)].elementsEqual(needle) { return next }
      index = next + 1
    }
    return nil
  }
}
