import Foundation

/// The JSON and YAML sidecars: which of their keys mean what. A value of the
/// wrong kind is a warning at its line, and the rest of the file still counts.
extension SidecarMetadata {
  /// Google Takeout's JSON: `title` (mostly the file's own name, then
  /// ignored), `description`, `photoTakenTime.timestamp` (seconds since
  /// 1970, UTC, as a string) and `geoData` (0, 0 when it has no place).
  func takeout(_ relative: String, photo: String, diagnostics: inout [Diagnostic]) -> MediaMetadata? {
    guard
      let node = parsed(
        relative, diagnostics: &diagnostics,
        parse: { text throws(DiagnosticsError) in
          try JSONReader.parse(Data(text.text.utf8), file: text.file)
        })
    else { return nil }
    var fields = Fields(node: node, diagnostics: diagnostics)
    defer { diagnostics = fields.diagnostics }
    var result = MediaMetadata()
    if let title = fields.text(node["title"]), title.caseInsensitiveCompare(photo) != .orderedSame {
      result.title = title
    }
    result.caption = fields.text(node["description"])
    if let time = node["photoTakenTime"], let seconds = fields.text(time["timestamp"]) {
      if let value = Int(seconds), value > 0 {
        result.taken = Self.exifDate(Date(timeIntervalSince1970: TimeInterval(value)))
        result.takenOffset = "+00:00"
      } else {
        fields.warn("\"timestamp\" must be seconds since 1970, found \"\(seconds)\"", at: time["timestamp"])
      }
    }
    if let place = node["geoData"] {
      result.gps = fields.place(latitude: place["latitude"], longitude: place["longitude"])
    }
    return result
  }

  /// PhotoPrism's YAML: `Title` (only one a person or a file wrote,
  /// `TitleSrc` manual, meta, xmp or batch: PhotoPrism makes up the others
  /// from the place and year), `Description`, `TakenAtLocal` else `TakenAt`,
  /// `Lat` and `Lng`, and `Details: {Keywords: "a, b"}`.
  func photoPrism(_ relative: String, diagnostics: inout [Diagnostic]) -> MediaMetadata? {
    guard
      let node = parsed(
        relative, diagnostics: &diagnostics,
        parse: { text throws(DiagnosticsError) in
          try YAMLReader.parse(text.text, file: text.file)
        })
    else { return nil }
    var fields = Fields(node: node, diagnostics: diagnostics)
    defer { diagnostics = fields.diagnostics }
    var result = MediaMetadata()
    let titleSource = fields.text(node["TitleSrc"])?.lowercased()
    if let titleSource, ["manual", "meta", "xmp", "batch"].contains(titleSource) {
      result.title = fields.text(node["Title"])
    }
    result.caption = fields.text(node["Description"])
    if let local = fields.date(node["TakenAtLocal"]) {
      result.taken = local
    } else if let utc = fields.date(node["TakenAt"]) {
      result.taken = utc
      result.takenOffset = "+00:00"
    }
    if let details = node["Details"], let keywords = fields.text(details["Keywords"]) {
      result.keywords = MetadataInterpreter.keywords(keywords.split(separator: ",").map { Array($0.utf8) })
    }
    result.gps = fields.place(latitude: node["Lat"], longitude: node["Lng"])
    return result
  }

  /// `date` as EXIF writes a date taken, in UTC.
  static func exifDate(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy:MM:dd HH:mm:ss"
    return formatter.string(from: date)
  }

  /// The values of one parsed sidecar, each of the wrong kind a warning.
  struct Fields {
    let node: Node
    var diagnostics: [Diagnostic]

    mutating func warn(_ message: String, at value: Node?) {
      diagnostics.append(.warning(message + "; it was ignored", at: value?.location ?? node.location))
    }

    /// A text value, tidied; nil when absent, blank or not text.
    mutating func text(_ value: Node?) -> String? {
      guard let value, !value.isNull else { return nil }
      guard case .string(let text) = value.value else {
        warn("expected text, found \(value.kindDescription)", at: value)
        return nil
      }
      guard text.count <= TextLimits.caption else {
        warn("the text is \(text.count) characters long; the limit is \(TextLimits.caption)", at: value)
        return nil
      }
      return MetadataText.tidy(text)
    }

    /// "2018-01-01T00:02:53Z" as EXIF writes a date taken, its zone dropped.
    mutating func date(_ value: Node?) -> String? {
      if case .date(let date)? = value?.value { return SidecarMetadata.exifDate(date) }
      guard let text = text(value) else { return nil }
      let digits = String(text.prefix(19).map { $0.isASCII && $0.isNumber ? "d" : $0 })
      guard digits == "dddd-dd-ddTdd:dd:dd" || digits == "dddd-dd-dd dd:dd:dd", !text.hasPrefix("0000") else {
        warn("expected a date such as 2018-01-01T00:02:53Z, found \"\(text)\"", at: value)
        return nil
      }
      return text.prefix(10).replacingOccurrences(of: "-", with: ":") + " " + text.dropFirst(11).prefix(8)
    }

    /// A place from two numbers in decimal degrees; nil at 0, 0 (no place).
    mutating func place(latitude: Node?, longitude: Node?) -> String? {
      func number(_ value: Node?) -> Double? {
        switch value?.value {
        case .double(let number)?: return number
        case .integer(let number)?: return Double(number)
        case nil, .null?: return nil
        default:
          warn("expected a number of degrees, found \(value?.kindDescription ?? "nothing")", at: value)
          return nil
        }
      }
      guard let latitude = number(latitude), let longitude = number(longitude), latitude != 0 || longitude != 0
      else { return nil }
      return MetadataInterpreter.place(latitude: latitude, longitude: longitude)
    }
  }
}
